import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';

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

/** `we_` + base64url, or the environment's endpoint (`we_environment`): what both doors accept as an id. */
export const endpointIdSchema = z.string().check(z.regex(/^we_[A-Za-z0-9_-]{1,43}$/));

/** An endpoint id from a path, or undefined when it cannot be one (answered as not found). */
export function readEndpointId(value: string): string | undefined {
  const parsed = endpointIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
