import type { Context } from 'hono';
import { URL_NOT_PUBLIC } from '../../contract/webhook-endpoints.ts';
import { apiError } from '../http/api-error.ts';

/**
 * The answers both doors (the merchant API and the console) give when a webhook URL is not allowed or test
 * events come too fast (docs/decisions/280-webhook-egress-policy.md): the same words, the same types.
 */
export function urlNotPublic(c: Context): Response {
  return apiError(
    c,
    400,
    'The URL must lead to a public address: this host is, or resolves to, a private, loopback or reserved address.',
    URL_NOT_PUBLIC,
    'url',
  );
}

export function testUrlNotPublic(c: Context): Response {
  return apiError(
    c,
    409,
    'Nothing was sent: this endpoint’s URL now leads to an address that is not public. Change its URL.',
    URL_NOT_PUBLIC,
    'url',
  );
}

export function testEventsLimited(c: Context, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'Too many test events. Wait a moment and try again.', 'rate_limited');
}
