import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyView, ApiKeyWithSecret, CreateApiKey } from '../../contract/api-keys.ts';
import type { Database } from '../db/database.ts';
import type { ApiKeyRow } from '../db/rows.ts';
import {
  countActiveApiKeys,
  findActiveKeyByHash,
  findApiKey,
  insertApiKey,
  listApiKeyRows,
  revokeApiKeyRow,
  touchApiKey,
} from './api-key-repository.ts';

/**
 * Extra secret API keys (docs/merchants/api-keys.md, decision 251): the merchant API and the console's routes
 * call these with plain inputs; the caller keeps its own audit. A key is 256 random bits, so its SHA-256 is
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
): Promise<CreateApiKeyOutcome> {
  if ((await countActiveApiKeys(db)) >= MAX_ACTIVE_API_KEYS) return { ok: false, reason: 'too_many' };
  const key = `sk_${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(db, {
    id: `key_${randomBytes(16).toString('base64url')}`,
    name: input.name,
    prefix: key.slice(0, PREFIX_LENGTH),
    keyHash: hashApiKey(key),
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  });
  return { ok: true, key: { ...toApiKeyView(row), key } };
}

export async function listApiKeys(db: Database): Promise<ApiKeyView[]> {
  return (await listApiKeyRows(db)).map(toApiKeyView);
}

export async function getApiKey(db: Database, id: string): Promise<ApiKeyView | undefined> {
  const row = await findApiKey(db, id);
  return row && toApiKeyView(row);
}

/** From now on the key is refused; idempotent (a second revoke answers the same). */
export async function revokeApiKey(db: Database, id: string, now: Date): Promise<ApiKeyView | undefined> {
  const row = await revokeApiKeyRow(db, id, now);
  return row && toApiKeyView(row);
}

/**
 * The active key this is, or undefined. Looked up by its hash (a unique index), then the hashes compared in
 * constant time; `last_used_at` is written at most once a minute.
 */
export async function authenticateApiKey(
  db: Database,
  given: string,
  now: Date,
): Promise<{ id: string } | undefined> {
  if (!given.startsWith('sk_') || given.length > 200) return undefined;
  const hash = hashApiKey(given);
  const row = await findActiveKeyByHash(db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS)
    await touchApiKey(db, row.id, now);
  return { id: row.id };
}
