import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { consoleInstallmentScheduleSchema } from '../../../contract/console/console-customers-developers.ts';
import {
  consolePaymentDetailSchema,
  consolePaymentListSchema,
  consoleOperationSchema,
  type ConsolePaymentDetail,
  type ConsolePaymentList,
} from '../../../contract/console/console-payments.ts';
import { CONSOLE_API_BASE } from '../../../contract/console/console-auth.ts';
import { consoleMailSchema, consolePaymentMailsSchema } from '../../../contract/console/console-mails.ts';
import { paymentsListPath } from '../../../contract/console/console-routes.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The Payments pages' calls and queries (server/routes/console-payments.ts, console-payment-installments.ts). */

const id = (value: string) => encodeURIComponent(value);

export const paymentKeys = {
  list: (query: URLSearchParams, cursor?: string) =>
    [...QUERY_ROOTS.payments, query.toString(), cursor ?? ''] as const,
  detail: (paymentId: string) => [...QUERY_ROOTS.payment, paymentId] as const,
  installments: (paymentId: string) => [...QUERY_ROOTS.payment, paymentId, 'installments'] as const,
};

export function fetchPayments(query: URLSearchParams, signal?: AbortSignal): Promise<ConsolePaymentList> {
  return request('GET', paymentsListPath(query), consolePaymentListSchema, undefined, signal);
}

/** The CSV of the filtered payments: a plain link, so the browser streams it to a file. */
export function exportUrl(query: URLSearchParams, decimal: 'dot' | 'comma'): string {
  const params = new URLSearchParams(query);
  if (decimal === 'comma') params.set('decimal', 'comma');
  const text = params.toString();
  return `${CONSOLE_API_BASE}/payments/export.csv${text ? `?${text}` : ''}`;
}

export function fetchPayment(id: string, signal?: AbortSignal): Promise<ConsolePaymentDetail> {
  return request('GET', `/payments/${encodeURIComponent(id)}`, consolePaymentDetailSchema, undefined, signal);
}

export function runPaymentOperation(
  id: string,
  kind: 'capture' | 'refund',
  body: { amount: number; idempotency_key: string },
) {
  return request('POST', `/payments/${encodeURIComponent(id)}/${kind}`, consoleOperationSchema, body);
}

export function mailsQuery(paymentId: string) {
  return queryOptions({
    queryKey: [...QUERY_ROOTS.payment, paymentId, 'mails'] as const,
    queryFn: ({ signal }) =>
      request('GET', `/payments/${id(paymentId)}/mails`, consolePaymentMailsSchema, undefined, signal),
  });
}

/** "Resend": the mail back to the queue (staff and owners; audited). */
export function resendMail(paymentId: string, mailId: string) {
  return request('POST', `/payments/${id(paymentId)}/mails/${id(mailId)}/resend`, consoleMailSchema);
}

export function fetchInstallmentSchedule(payment: string, signal?: AbortSignal) {
  return request(
    'GET',
    `/payments/${id(payment)}/installments`,
    consoleInstallmentScheduleSchema,
    undefined,
    signal,
  );
}

/**
 * One page of the payments list for the filters in `query` (the address's own search string) and a cursor:
 * the list page reads it, and main.tsx fetches the first page while the app starts, with the same key.
 */
export function paymentsListQuery(query: URLSearchParams, cursor?: string) {
  return queryOptions({
    // Fresh for a few seconds: the page that mounts right after main.tsx fetched it does not fetch it again.
    // A capture or refund invalidates it at once.
    staleTime: 5_000,
    queryKey: paymentKeys.list(query, cursor),
    queryFn: ({ signal }) => {
      const request = new URLSearchParams(query);
      if (cursor) request.set('cursor', cursor);
      return fetchPayments(request, signal);
    },
  });
}

export function paymentQuery(paymentId: string) {
  return queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: ({ signal }) => fetchPayment(paymentId, signal),
  });
}

export function installmentsQuery(paymentId: string) {
  return queryOptions({
    queryKey: paymentKeys.installments(paymentId),
    queryFn: ({ signal }) => fetchInstallmentSchedule(paymentId, signal),
    // The gateway's schedule changes with a capture or refund, which invalidates it.
    staleTime: 60_000,
  });
}

/**
 * What a capture or refund changes: the payment, the list, the home page's figures, the customer's payments,
 * the link's amount collected and the events it sent.
 */
export function invalidateAfterOperation(queryClient: QueryClient, paymentId: string): Promise<unknown> {
  return Promise.all(
    [
      paymentKeys.detail(paymentId),
      QUERY_ROOTS.payments,
      QUERY_ROOTS.summary,
      QUERY_ROOTS.customer,
      QUERY_ROOTS.links,
      QUERY_ROOTS.link,
      QUERY_ROOTS.deliveries,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
