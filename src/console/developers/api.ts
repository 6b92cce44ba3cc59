import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  consoleApiKeyListSchema,
  consoleApiKeySchema,
  consoleApiKeyWithSecretSchema,
  consoleWebhookEndpointListSchema,
  consoleWebhookEndpointSchema,
  consoleWebhookEndpointWithSecretSchema,
} from '../../../contract/console/console-customers-developers.ts';
import { request } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';

/** The Developers page's calls and queries (server/routes/console-developers.ts). */

const id = (value: string | number) => encodeURIComponent(String(value));

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

export const webhookEndpointsQuery = queryOptions({
  queryKey: QUERY_ROOTS.webhookEndpoints,
  queryFn: ({ signal }) => fetchWebhookEndpoints(signal),
});

export const apiKeysQuery = queryOptions({
  queryKey: QUERY_ROOTS.apiKeys,
  queryFn: ({ signal }) => fetchApiKeys(signal),
});
