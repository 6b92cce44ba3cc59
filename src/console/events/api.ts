import { queryOptions } from '@tanstack/react-query';
import {
  consoleDeliveryListSchema,
  consoleEndpointListSchema,
  consoleResendResultSchema,
  consoleTestEventResultSchema,
  type ConsoleDeliveryFilter,
} from '../../../contract/console/console-events.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The Events page's calls and queries (server/routes/console-events.ts). */

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
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

export function deliveriesQuery(status: ConsoleDeliveryFilter | '', cursor: string | undefined) {
  return queryOptions({
    queryKey: [...QUERY_ROOTS.deliveries, status, cursor ?? ''],
    queryFn: ({ signal }) => fetchDeliveries({ status: status || undefined, cursor }, signal),
  });
}

export const eventEndpointsQuery = queryOptions({
  queryKey: QUERY_ROOTS.eventEndpoints,
  queryFn: ({ signal }) => fetchEndpoints(signal),
});
