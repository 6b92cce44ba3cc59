import { randomBytes } from 'node:crypto';

/** The merchant's id of a link: `plink_` + 128 random bits, base64url. */
export function newPaymentLinkId(): string {
  return `plink_${randomBytes(16).toString('base64url')}`;
}

/**
 * The short code of `/l/{code}`: 72 random bits (12 base64url characters) — short enough for a chat
 * message and a small QR code, far too many to guess (a link opens a session, it reveals no payer's data).
 */
export function newLinkCode(): string {
  return randomBytes(9).toString('base64url');
}
