import * as z from 'zod/mini';
import {
  consoleApiKeyListSchema,
  consoleApiKeySchema,
  consoleApiKeyWithSecretSchema,
  consoleCustomerDetailSchema,
  consoleCustomerListSchema,
  consoleErasureSchema,
  consoleInstallmentScheduleSchema,
  consoleWebhookEndpointListSchema,
  consoleWebhookEndpointSchema,
  consoleWebhookEndpointWithSecretSchema,
} from '../../../contract/console/console-customers-developers.ts';
import { request } from '../shared/console-api.ts';

/** The Customers and Developers pages' calls (server/routes/console-customers.ts, console-developers.ts). */

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

export function fetchWebhookEndpoints(signal?: AbortSignal) {
  return request('GET', '/developers/webhook-endpoints', consoleWebhookEndpointListSchema, undefined, signal);
}

export interface EndpointInput {
  url: string;
  description: string | null;
  event_types: string[];
}

export function createWebhookEndpoint(body: EndpointInput) {
  return request('POST', '/developers/webhook-endpoints', consoleWebhookEndpointWithSecretSchema, body);
}

export function updateWebhookEndpoint(
  endpoint: string,
  body: Partial<EndpointInput> & { enabled?: boolean },
) {
  return request(
    'PATCH',
    `/developers/webhook-endpoints/${id(endpoint)}`,
    consoleWebhookEndpointSchema,
    body,
  );
}

export function deleteWebhookEndpoint(endpoint: string) {
  return request('DELETE', `/developers/webhook-endpoints/${id(endpoint)}`, z.unknown());
}

export function rollWebhookSecret(endpoint: string, overlapSeconds: number) {
  return request(
    'POST',
    `/developers/webhook-endpoints/${id(endpoint)}/roll-secret`,
    consoleWebhookEndpointWithSecretSchema,
    { overlap_seconds: overlapSeconds },
  );
}

export function fetchApiKeys(signal?: AbortSignal) {
  return request('GET', '/developers/api-keys', consoleApiKeyListSchema, undefined, signal);
}

export function createApiKey(name: string) {
  return request('POST', '/developers/api-keys', consoleApiKeyWithSecretSchema, { name });
}

/** Revoke; the endpoints made with the key stay enabled unless `disableWebhookEndpoints` (decision 288). */
export function revokeApiKey(key: string, disableWebhookEndpoints: boolean) {
  return request('POST', `/developers/api-keys/${id(key)}/revoke`, consoleApiKeySchema, {
    disable_webhook_endpoints: disableWebhookEndpoints,
  });
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
