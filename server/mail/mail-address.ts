/**
 * E-mail addresses as the mail headers take them. Nothing that reaches a header — a shopper's address, a shop
 * name, a subject — may hold a line break or another control character: that is how a header is injected
 * (`Bcc:` smuggled in a name). Addresses are checked against a strict pattern; display text is flattened.
 */

/** One address, no spaces, no angle brackets, quotes, commas or control characters (what a form accepts). */
export const EMAIL =
  /^[^\s@<>"(),;:\\[\]\p{Cc}]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/u;

export interface Mailbox {
  name?: string;
  address: string;
}

/** The address alone, lower-cased domain kept as given (local parts may be case-sensitive); null: not one. */
export function mailAddress(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed.length <= 254 && EMAIL.test(trimmed) ? trimmed : null;
}

/** `address` or `Name <address>` (MAIL_FROM), one line; null when it is neither. */
export function parseMailbox(value: string): Mailbox | null {
  if (/\p{Cc}/u.test(value)) return null;
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value.trim());
  if (named) {
    const address = mailAddress(named[2]);
    const name = headerText(named[1] ?? '').replace(/^"(.*)"$/, '$1');
    return address ? { ...(name ? { name } : {}), address } : null;
  }
  const address = mailAddress(value);
  return address ? { address } : null;
}

/**
 * Text for a header (a subject, a display name): every control character (CR, LF, tab, NUL…) becomes a
 * space, runs of spaces one, and it is cut at `max` characters. nodemailer encodes the rest (RFC 2047).
 */
export function headerText(value: string, max = 200): string {
  const flat = value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
