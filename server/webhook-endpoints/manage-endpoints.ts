import { deleteCircuit, probeCircuitsNow } from '../events/circuit-repository.ts';
import {
  DEFAULT_ROLL_OVERLAP_SECONDS,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '../../contract/webhook-endpoints.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import type { WebhookEndpointRow } from '../db/rows.ts';
import { isAllowedWhenSaved, type EgressPolicy } from '../egress/egress-policy.ts';
import {
  countEndpoints,
  deleteEndpointRow,
  findEndpoint,
  insertEndpoint,
  listEndpointRows,
  updateEndpointRow,
} from './endpoint-repository.ts';
import { ENVIRONMENT_ENDPOINT_ID, newEndpointId, newEndpointSecret, secretHint } from './endpoint-ids.ts';

/**
 * The webhook endpoints' use cases (docs/merchants/webhook-endpoints.md), called by the merchant API
 * (server/routes/merchant-webhook-endpoints.ts) and by the console's routes alike: plain inputs and the actor,
 * plain results. Each change and its audit row (naming the console user or the API key) commit together; an
 * endpoint made with an extra API key records that key (decision 288). A URL is saved only if its host is, or
 * resolves to, a public address or one the operator allows (server/egress/; checked again at every delivery).
 */

/**
 * The environment's endpoint is the server's settings (MERCHANT_WEBHOOK_URL and its secret): read, tested and
 * resent to like any other, never changed, deleted or rolled through either door.
 */
export type EnvironmentEndpointRefusal = { ok: false; reason: 'environment_endpoint' };
const ENVIRONMENT_READ_ONLY: EnvironmentEndpointRefusal = { ok: false, reason: 'environment_endpoint' };

/** Stripe's limit too: past it, a merchant wants one endpoint that fans out on its side. */
export const MAX_WEBHOOK_ENDPOINTS = 16;

/** The environment's endpoint (MERCHANT_WEBHOOK_URL + MERCHANT_WEBHOOK_SECRET), when both are set. */
export interface EnvironmentEndpoint {
  url: string;
  secret: string;
}

export function toEndpointView(row: WebhookEndpointRow, now: Date): WebhookEndpointView {
  const overlapping = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    object: 'webhook_endpoint',
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    secret_hint: secretHint(row.secret),
    previous_secret_expires_at: overlapping ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_with_api_key: row.createdByApiKeyId,
  };
}

function environmentView(endpoint: EnvironmentEndpoint): WebhookEndpointView {
  return {
    id: ENVIRONMENT_ENDPOINT_ID,
    object: 'webhook_endpoint',
    url: endpoint.url,
    description: 'MERCHANT_WEBHOOK_URL (server settings)',
    event_types: ['*'],
    enabled: true,
    secret_hint: secretHint(endpoint.secret),
    previous_secret_expires_at: null,
    created_at: new Date(0).toISOString(),
    updated_at: new Date(0).toISOString(),
    created_with_api_key: null,
    implicit: true,
  };
}

/** Event types de-duplicated; `*` alone when given. */
function normaliseTypes(types: readonly string[]): string[] {
  return types.includes('*') ? ['*'] : [...new Set(types)];
}

export type CreateEndpointOutcome =
  | { ok: true; endpoint: WebhookEndpointWithSecret }
  | { ok: false; reason: 'too_many' | 'url_not_public' };

export async function createWebhookEndpoint(
  db: Database,
  input: CreateWebhookEndpoint,
  options: { now: Date; egress: EgressPolicy },
  actor: AuditActor,
): Promise<CreateEndpointOutcome> {
  const { now } = options;
  // Resolved before the transaction: a slow name server must not hold a connection and its locks.
  const allowed = await isAllowedWhenSaved(input.url, options.egress);
  return db.transaction(async (tx) => {
    const created: CreateEndpointOutcome = allowed
      ? await insertNewEndpoint(tx, input, now, actor.apiKeyId ?? null)
      : { ok: false, reason: 'url_not_public' };
    await recordAudit(
      tx,
      actor,
      'webhook_endpoint.create',
      { type: 'webhook_endpoint', id: created.ok ? created.endpoint.id : null },
      created.ok
        ? {
            outcome: 'created',
            url: created.endpoint.url,
            event_types: created.endpoint.event_types,
            enabled: created.endpoint.enabled,
          }
        : { outcome: created.reason },
      now,
    );
    return created;
  });
}

async function insertNewEndpoint(
  db: Database,
  input: CreateWebhookEndpoint,
  now: Date,
  createdByApiKeyId: string | null,
): Promise<CreateEndpointOutcome> {
  if ((await countEndpoints(db)) >= MAX_WEBHOOK_ENDPOINTS) return { ok: false, reason: 'too_many' };
  const row = await insertEndpoint(db, {
    id: newEndpointId(),
    url: input.url,
    description: input.description ?? null,
    eventTypes: normaliseTypes(input.event_types),
    enabled: input.enabled ?? true,
    secret: newEndpointSecret(),
    previousSecret: null,
    previousSecretExpiresAt: null,
    createdAt: now,
    updatedAt: now,
    createdByApiKeyId,
  });
  return { ok: true, endpoint: { ...toEndpointView(row, now), secret: row.secret } };
}

/** The endpoints, newest first, after the environment's own when it is set. */
export async function listWebhookEndpoints(
  db: Database,
  environment: EnvironmentEndpoint | undefined,
  now: Date,
): Promise<WebhookEndpointView[]> {
  const rows = await listEndpointRows(db);
  return [
    ...(environment ? [environmentView(environment)] : []),
    ...rows.map((row) => toEndpointView(row, now)),
  ];
}

/** One endpoint, the environment's (`we_environment`) included when it is set. */
export async function getWebhookEndpoint(
  db: Database,
  environment: EnvironmentEndpoint | undefined,
  id: string,
  now: Date,
): Promise<WebhookEndpointView | undefined> {
  if (id === ENVIRONMENT_ENDPOINT_ID) return environment && environmentView(environment);
  const row = await findEndpoint(db, id);
  return row && toEndpointView(row, now);
}

export type UpdateEndpointOutcome =
  | { ok: true; endpoint: WebhookEndpointView }
  | { ok: false; reason: 'not_found' | 'url_not_public' }
  | EnvironmentEndpointRefusal;

export async function updateWebhookEndpoint(
  db: Database,
  id: string,
  patch: UpdateWebhookEndpoint,
  options: { now: Date; egress: EgressPolicy },
  actor: AuditActor,
): Promise<UpdateEndpointOutcome> {
  if (id === ENVIRONMENT_ENDPOINT_ID) return ENVIRONMENT_READ_ONLY;
  const { now } = options;
  // Resolved before the transaction, as on create.
  const allowed = patch.url === undefined || (await isAllowedWhenSaved(patch.url, options.egress));
  return db.transaction(async (tx) => {
    const changed: UpdateEndpointOutcome = allowed
      ? await changeEndpoint(tx, id, patch, now)
      : { ok: false, reason: 'url_not_public' };
    await recordAudit(
      tx,
      actor,
      'webhook_endpoint.change',
      { type: 'webhook_endpoint', id },
      { outcome: changed.ok ? 'changed' : changed.reason, changes: patch },
      now,
    );
    return changed;
  });
}

async function changeEndpoint(
  db: Database,
  id: string,
  patch: UpdateWebhookEndpoint,
  now: Date,
): Promise<UpdateEndpointOutcome> {
  const row = await updateEndpointRow(db, id, {
    ...(patch.url === undefined ? {} : { url: patch.url }),
    ...(patch.event_types === undefined ? {} : { eventTypes: normaliseTypes(patch.event_types) }),
    ...(patch.description === undefined ? {} : { description: patch.description }),
    ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
    updatedAt: now,
  });
  // A new URL, or the endpoint enabled again: if its circuit is open, the probe goes at once (the backlog
  // follows at full speed on a 2xx) rather than at its next turn.
  if (row && (patch.url !== undefined || patch.enabled === true)) await probeCircuitsNow(db, [id], now);
  return row ? { ok: true, endpoint: toEndpointView(row, now) } : { ok: false, reason: 'not_found' };
}

export type RollSecretOutcome =
  | { ok: true; endpoint: WebhookEndpointWithSecret }
  | { ok: false; reason: 'not_found' }
  | EnvironmentEndpointRefusal;

/**
 * A new secret, shown once; the current one becomes the previous and keeps signing beside it (a second
 * `v1=`) for the overlap, so the merchant can deploy the new one without refusing a delivery. A roll during
 * an overlap drops the oldest secret.
 */
export async function rollWebhookEndpointSecret(
  db: Database,
  id: string,
  overlapSeconds: number | undefined,
  now: Date,
  actor: AuditActor,
): Promise<RollSecretOutcome> {
  if (id === ENVIRONMENT_ENDPOINT_ID) return ENVIRONMENT_READ_ONLY;
  const rolled = await db.transaction(async (tx) => {
    const rolled = await rollSecret(tx, id, overlapSeconds, now);
    await recordAudit(
      tx,
      actor,
      'webhook_endpoint.roll_secret',
      { type: 'webhook_endpoint', id },
      rolled
        ? { outcome: 'rolled', previous_secret_expires_at: rolled.previous_secret_expires_at }
        : { outcome: 'not_found' },
      now,
    );
    return rolled;
  });
  return rolled ? { ok: true, endpoint: rolled } : { ok: false, reason: 'not_found' };
}

async function rollSecret(
  db: Database,
  id: string,
  overlapSeconds: number | undefined,
  now: Date,
): Promise<WebhookEndpointWithSecret | undefined> {
  const current = await findEndpoint(db, id);
  if (!current) return undefined;
  const overlap = overlapSeconds ?? DEFAULT_ROLL_OVERLAP_SECONDS;
  const row = await updateEndpointRow(db, id, {
    secret: newEndpointSecret(),
    previousSecret: overlap > 0 ? current.secret : null,
    previousSecretExpiresAt: overlap > 0 ? new Date(now.getTime() + overlap * 1000) : null,
    updatedAt: now,
  });
  return row && { ...toEndpointView(row, now), secret: row.secret };
}

export type DeleteEndpointOutcome =
  | { ok: true }
  | { ok: false; reason: 'not_found' }
  | EnvironmentEndpointRefusal;

export async function deleteWebhookEndpoint(
  db: Database,
  id: string,
  now: Date,
  actor: AuditActor,
): Promise<DeleteEndpointOutcome> {
  if (id === ENVIRONMENT_ENDPOINT_ID) return ENVIRONMENT_READ_ONLY;
  const deleted = await db.transaction(async (tx) => {
    const deleted = await deleteEndpointRow(tx, id);
    await deleteCircuit(tx, id);
    await recordAudit(
      tx,
      actor,
      'webhook_endpoint.delete',
      { type: 'webhook_endpoint', id },
      { outcome: deleted ? 'deleted' : 'not_found' },
      now,
    );
    return deleted;
  });
  return deleted ? { ok: true } : { ok: false, reason: 'not_found' };
}

/** The environment's endpoint from the server's settings: both MERCHANT_WEBHOOK_URL and its secret, or none. */
export function environmentEndpoint(env: {
  MERCHANT_WEBHOOK_URL?: string | undefined;
  MERCHANT_WEBHOOK_SECRET?: string | undefined;
}): EnvironmentEndpoint | undefined {
  const { MERCHANT_WEBHOOK_URL: url, MERCHANT_WEBHOOK_SECRET: secret } = env;
  return url !== undefined && secret !== undefined ? { url, secret } : undefined;
}
