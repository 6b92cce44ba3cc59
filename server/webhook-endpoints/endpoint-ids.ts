import { randomBytes } from 'node:crypto';

/** `we_` + 128 random bits. */
export function newEndpointId(): string {
  return `we_${randomBytes(16).toString('base64url')}`;
}

/** `whsec_` + 256 random bits: an HMAC key nobody guesses. */
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Enough of a secret to tell which one the merchant holds, too little to sign with. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, 10)}…`;
}

/** The id under which the environment's MERCHANT_WEBHOOK_URL is shown beside the endpoints. */
export const ENVIRONMENT_ENDPOINT_ID = 'we_environment';
