import { queryOptions } from '@tanstack/react-query';
import {
  consoleLinkDetailSchema,
  consoleLinkFormOptionsSchema,
  consoleLinkListSchema,
  consoleLinkSchema,
  type ConsoleCreateLinkRequest,
} from '../../../contract/console/console-links.ts';
import { consolePaymentListSchema } from '../../../contract/console/console-payments.ts';
import type {
  PatchPaymentLinkRequest,
  PaymentLinkStatus,
} from '../../../contract/payment-links/payment-link.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The Links pages' calls and queries (server/routes/console-links.ts). */

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

export function patchLink(id: string, patch: PatchPaymentLinkRequest) {
  return request('PATCH', `/links/${encodeURIComponent(id)}`, consoleLinkSchema, patch);
}

export function deactivateLink(id: string) {
  return request('POST', `/links/${encodeURIComponent(id)}/deactivate`, consoleLinkSchema);
}

export const linkKeys = {
  list: (status: PaymentLinkStatus | '', cursor: string | undefined) =>
    [...QUERY_ROOTS.links, status, cursor ?? ''] as const,
  detail: (linkId: string) => [...QUERY_ROOTS.link, linkId] as const,
  payments: (linkId: string, cursor: string | undefined) =>
    [...QUERY_ROOTS.link, linkId, 'payments', cursor ?? ''] as const,
};

/** What the form offers: boleto only where the server does (BOLETO_ENABLED). */
export const linkFormOptionsQuery = queryOptions({
  queryKey: [...QUERY_ROOTS.links, 'form'] as const,
  queryFn: ({ signal }) => request('GET', '/links/form', consoleLinkFormOptionsSchema, undefined, signal),
  staleTime: Infinity,
});

/** A link's payments: the console's payments list filtered by the link, with its totals. */
export function linkPaymentsQuery(linkId: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: linkKeys.payments(linkId, cursor),
    queryFn: ({ signal }) =>
      request(
        'GET',
        withQuery('/payments', { link: linkId, cursor }),
        consolePaymentListSchema,
        undefined,
        signal,
      ),
  });
}

export function linksQuery(status: PaymentLinkStatus | '', cursor: string | undefined) {
  return queryOptions({
    queryKey: linkKeys.list(status, cursor),
    queryFn: ({ signal }) => fetchLinks({ status: status || undefined, cursor }, signal),
  });
}

export function linkQuery(linkId: string) {
  return queryOptions({
    queryKey: linkKeys.detail(linkId),
    queryFn: ({ signal }) => fetchLink(linkId, signal),
  });
}
