import type { Context } from 'hono';
import { URL_NOT_PUBLIC } from '../../contract/webhook-endpoints.ts';
import { apiError } from '../http/api-error.ts';
import { MAX_WEBHOOK_ENDPOINTS } from '../webhook-endpoints/manage-endpoints.ts';

/**
 * The answers both doors (the merchant API and the console) give for the webhook endpoints' use cases
 * (server/webhook-endpoints/manage-endpoints.ts, send-test-event.ts): the same words, the same types. A URL
 * that is not allowed and test events that come too fast: docs/decisions/280-webhook-egress-policy.md.
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

export function endpointNotFound(c: Context, parameter: 'id' | 'endpoint_id' = 'id'): Response {
  return apiError(c, 404, 'No webhook endpoint has this id.', 'not_found', parameter);
}

/** A refused create, change, delete or roll, whichever door asked. */
export function endpointRefused(
  c: Context,
  reason: 'not_found' | 'url_not_public' | 'too_many' | 'environment_endpoint',
): Response {
  switch (reason) {
    case 'not_found':
      return endpointNotFound(c);
    case 'url_not_public':
      return urlNotPublic(c);
    case 'too_many':
      return apiError(
        c,
        409,
        `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
        'too_many_endpoints',
      );
    case 'environment_endpoint':
      return apiError(
        c,
        409,
        'The environment’s endpoint is set by MERCHANT_WEBHOOK_URL and MERCHANT_WEBHOOK_SECRET in the server’s settings; it cannot be changed here.',
        'environment_endpoint',
        'id',
      );
  }
}
