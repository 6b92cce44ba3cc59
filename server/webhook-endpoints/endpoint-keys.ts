import type { WebhookEndpointView } from '../../contract/webhook-endpoints.ts';
import { findApiKeys } from '../api-keys/api-key-repository.ts';
import { toApiKeyView } from '../api-keys/manage-api-keys.ts';
import type { Database } from '../db/database.ts';
import { listWebhookEndpoints, type EnvironmentEndpoint } from './manage-endpoints.ts';

/** The extra API key an endpoint was made with, as the console's Developers page names it. */
export interface EndpointKey {
  id: string;
  name: string;
  prefix: string;
  revoked_at: string | null;
}

/**
 * The console's list of endpoints: each with the API key that made it (name, prefix, revoked or not), so an
 * owner sees what a leaked key left behind (decision 288).
 */
export async function listEndpointsWithKeys(
  db: Database,
  environment: EnvironmentEndpoint | undefined,
  now: Date,
): Promise<(WebhookEndpointView & { created_with_key: EndpointKey | null })[]> {
  const endpoints = await listWebhookEndpoints(db, environment, now);
  const ids = [...new Set(endpoints.flatMap((endpoint) => endpoint.created_with_api_key ?? []))];
  const keys = new Map((await findApiKeys(db, ids)).map((row) => [row.id, toApiKeyView(row)]));
  return endpoints.map((endpoint) => {
    const key = endpoint.created_with_api_key === null ? undefined : keys.get(endpoint.created_with_api_key);
    return {
      ...endpoint,
      created_with_key: key
        ? { id: key.id, name: key.name, prefix: key.prefix, revoked_at: key.revoked_at }
        : null,
    };
  });
}
