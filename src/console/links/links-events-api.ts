import {
  consoleDeliveryListSchema,
  consoleEndpointListSchema,
  consoleResendResultSchema,
  consoleTestEventResultSchema,
  type ConsoleDeliveryFilter,
} from '../../../contract/console/console-events.ts';
import {
  consoleLinkDetailSchema,
  consoleLinkListSchema,
  consoleLinkSchema,
  type ConsoleCreateLinkRequest,
} from '../../../contract/console/console-links.ts';
import type { PaymentLinkStatus } from '../../../contract/payment-links/payment-link.ts';
import { request } from '../shared/console-api.ts';

/** The console API of the Links and Events pages (server/routes/console-links.ts, console-events.ts). */

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function fetchLinks(
  options: { status: PaymentLinkStatus | undefined; cursor: string | undefined },
  signal?: AbortSignal,
) {
  return request('GET', withQuery('/links', options), consoleLinkListSchema, undefined, signal);
}

export function fetchLink(id: string, signal?: AbortSignal) {
  return request('GET', `/links/${encodeURIComponent(id)}`, consoleLinkDetailSchema, undefined, signal);
}

export function createLink(body: ConsoleCreateLinkRequest) {
  return request('POST', '/links', consoleLinkSchema, body);
}

export function deactivateLink(id: string) {
  return request('POST', `/links/${encodeURIComponent(id)}/deactivate`, consoleLinkSchema);
}

export function fetchDeliveries(
  options: { status: ConsoleDeliveryFilter | undefined; cursor: string | undefined },
  signal?: AbortSignal,
) {
  return request('GET', withQuery('/events', options), consoleDeliveryListSchema, undefined, signal);
}

export function fetchEndpoints(signal?: AbortSignal) {
  return request('GET', '/events/endpoints', consoleEndpointListSchema, undefined, signal);
}

export function resendDelivery(eventId: string, endpointId: string) {
  return request('POST', `/events/${encodeURIComponent(eventId)}/resend`, consoleResendResultSchema, {
    endpoint_id: endpointId,
  });
}

export function resendAllFailed() {
  return request('POST', '/events/resend-failed', consoleResendResultSchema, {});
}

export function sendTestEvent(endpointId: string) {
  return request('POST', '/events/test', consoleTestEventResultSchema, { endpoint_id: endpointId });
}
