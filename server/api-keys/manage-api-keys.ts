import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ApiKeyEndpoint,
  ApiKeyView,
  ApiKeyWithSecret,
  CreateApiKey,
  RevokedApiKey,
} from '../../contract/api-keys.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import type { ApiKeyRow, WebhookEndpointRow } from '../db/rows.ts';
import {
  disableEndpointsMadeWithKey,
  endpointsMadeWithKeys,
} from '../webhook-endpoints/endpoint-repository.ts';
import {
  countActiveApiKeys,
  findActiveKeyByHash,
  findApiKey,
  insertApiKey,
  listApiKeyRows,
  lockApiKey,
  revokeApiKeyRow,
  touchApiKey,
} from './api-key-repository.ts';

/**
 * Extra secret API keys (docs/merchants/api-keys.md, decisions 251 and 288): the merchant API and the console's
 * routes call these with plain inputs and the actor, whose audit row is written in the change's transaction. A key is 256 random bits, so its SHA-256 is
 * all we keep (no salt or slow hash: nothing to guess from it); it is shown once, on create.
 */

/** Active keys at once: enough for every service of a shop, few enough to review. */
export const MAX_ACTIVE_API_KEYS = 50;
/** last_used_at is written at most this often per key: not one write per request. */
const TOUCH_INTERVAL_MS = 60_000;
const PREFIX_LENGTH = 11;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    object: 'api_key',
    name: row.name,
    prefix: `${row.prefix}…`,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export type CreateApiKeyOutcome = { ok: true; key: ApiKeyWithSecret } | { ok: false; reason: 'too_many' };

export async function createApiKey(
  db: Database,
  input: CreateApiKey,
  now: Date,
  actor: AuditActor,
): Promise<CreateApiKeyOutcome> {
  return db.transaction(async (tx): Promise<CreateApiKeyOutcome> => {
    if ((await countActiveApiKeys(tx)) >= MAX_ACTIVE_API_KEYS) {
      await recordAudit(
        tx,
        actor,
        'api_key.create',
        { type: 'api_key', id: null },
        { outcome: 'too_many' },
        now,
      );
      return { ok: false, reason: 'too_many' };
    }
    const key = `sk_${randomBytes(32).toString('base64url')}`;
    const row = await insertApiKey(tx, {
      id: `key_${randomBytes(16).toString('base64url')}`,
      name: input.name,
      prefix: key.slice(0, PREFIX_LENGTH),
      keyHash: hashApiKey(key),
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    const view = toApiKeyView(row);
    await recordAudit(
      tx,
      actor,
      'api_key.create',
      { type: 'api_key', id: row.id },
      { outcome: 'created', name: view.name, prefix: view.prefix },
      now,
    );
    return { ok: true, key: { ...view, key } };
  });
}

export async function listApiKeys(db: Database): Promise<ApiKeyView[]> {
  return (await listApiKeyRows(db)).map(toApiKeyView);
}

function endpointOfKey(row: WebhookEndpointRow): ApiKeyEndpoint {
  return { id: row.id, url: row.url, enabled: row.enabled };
}

/** The keys, each with the webhook endpoints made with it (the console's list: what a revoke would leave). */
export async function listApiKeysWithEndpoints(
  db: Database,
): Promise<(ApiKeyView & { webhook_endpoints: ApiKeyEndpoint[] })[]> {
  const keys = await listApiKeyRows(db);
  const endpoints = await endpointsMadeWithKeys(
    db,
    keys.map((key) => key.id),
  );
  return keys.map((key) => ({
    ...toApiKeyView(key),
    webhook_endpoints: endpoints.filter((row) => row.createdByApiKeyId === key.id).map(endpointOfKey),
  }));
}

export async function getApiKey(db: Database, id: string): Promise<ApiKeyView | undefined> {
  const row = await findApiKey(db, id);
  return row && toApiKeyView(row);
}

/**
 * From now on the key is refused; idempotent (a second revoke answers the same). The webhook endpoints made
 * with it are the merchant's configuration and stay as they are (decision 288) — the answer names them —
 * unless `disableWebhookEndpoints`: then those still enabled are disabled in the same transaction, each
 * audited. Undefined when no key has this id.
 */
export async function revokeApiKey(
  db: Database,
  id: string,
  now: Date,
  actor: AuditActor,
  options: { disableWebhookEndpoints?: boolean | undefined } = {},
): Promise<RevokedApiKey | undefined> {
  return db.transaction(async (tx): Promise<RevokedApiKey | undefined> => {
    const before = await lockApiKey(tx, id);
    const row = before && (await revokeApiKeyRow(tx, id, now));
    if (!before || !row) {
      await recordAudit(tx, actor, 'api_key.revoke', { type: 'api_key', id }, { outcome: 'not_found' }, now);
      return undefined;
    }
    const disabled = options.disableWebhookEndpoints ? await disableEndpointsMadeWithKey(tx, id, now) : [];
    for (const endpoint of disabled) {
      await recordAudit(
        tx,
        actor,
        'webhook_endpoint.change',
        { type: 'webhook_endpoint', id: endpoint.id },
        { outcome: 'changed', changes: { enabled: false }, reason: 'api_key_revoked', api_key_id: id },
        now,
      );
    }
    const endpoints = (await endpointsMadeWithKeys(tx, [id])).map(endpointOfKey);
    await recordAudit(
      tx,
      actor,
      'api_key.revoke',
      { type: 'api_key', id },
      {
        outcome: before.revokedAt === null ? 'revoked' : 'already_revoked',
        name: row.name,
        webhook_endpoints_disabled: disabled.map((endpoint) => endpoint.id),
        webhook_endpoints_enabled: endpoints
          .filter((endpoint) => endpoint.enabled)
          .map((endpoint) => endpoint.id),
      },
      now,
    );
    return { ...toApiKeyView(row), webhook_endpoints: endpoints };
  });
}

/**
 * The active key this is, or undefined. Looked up by its hash (a unique index), then the hashes compared in
 * constant time; `last_used_at` is written at most once a minute.
 */
export async function authenticateApiKey(
  db: Database,
  given: string,
  now: Date,
): Promise<{ id: string; name: string } | undefined> {
  if (!given.startsWith('sk_') || given.length > 200) return undefined;
  const hash = hashApiKey(given);
  const row = await findActiveKeyByHash(db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS)
    await touchApiKey(db, row.id, now);
  return { id: row.id, name: row.name };
}
