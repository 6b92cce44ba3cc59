import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  consoleCustomerDetailSchema,
  consoleCustomerListSchema,
  consoleErasureSchema,
} from '../../../contract/console/console-customers-developers.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The Customers pages' calls and queries (server/routes/console-customers.ts). */

const id = (value: string | number) => encodeURIComponent(String(value));

export function fetchCustomers(q: string, cursor: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return request('GET', `/customers${text ? `?${text}` : ''}`, consoleCustomerListSchema, undefined, signal);
}

export function fetchCustomer(customer: string, signal?: AbortSignal) {
  return request('GET', `/customers/${id(customer)}`, consoleCustomerDetailSchema, undefined, signal);
}

export function removeSavedCard(customer: string, cardId: number) {
  return request('DELETE', `/customers/${id(customer)}/cards/${id(cardId)}`, z.unknown());
}

export function eraseCustomer(customer: string, confirmation: string) {
  return request('POST', `/customers/${id(customer)}/erase`, consoleErasureSchema, { confirmation });
}

export const customerKeys = {
  list: (q: string, cursor: string | undefined) => [...QUERY_ROOTS.customers, q, cursor ?? ''] as const,
  detail: (customer: string) => [...QUERY_ROOTS.customer, customer] as const,
};

export function customersQuery(q: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: customerKeys.list(q, cursor),
    queryFn: ({ signal }) => fetchCustomers(q, cursor, signal),
  });
}

export function customerQuery(customer: string) {
  return queryOptions({
    queryKey: customerKeys.detail(customer),
    queryFn: ({ signal }) => fetchCustomer(customer, signal),
  });
}

/** A removed card changes the customer's page only. */
export function invalidateAfterCardRemoval(queryClient: QueryClient, customer: string): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer) });
}

/** An erasure changes the customer, the list, and the payments that showed their name and e-mail. */
export function invalidateAfterErasure(queryClient: QueryClient, customer: string): Promise<unknown> {
  return Promise.all(
    [customerKeys.detail(customer), QUERY_ROOTS.customers, QUERY_ROOTS.payments, QUERY_ROOTS.payment].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
