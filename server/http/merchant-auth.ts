import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { authenticateApiKey } from '../api-keys/manage-api-keys.ts';
import { apiKeyActor, type AuditActor } from '../console/audit.ts';
import { apiError } from './api-error.ts';
import type { ServerEnvBindings } from './bindings.ts';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * `Authorization: Bearer <key>`: the environment's CHECKOUT_SECRET_KEY, compared in constant time (both
 * sides hashed first, so the length of the key does not leak either) without touching the database, or an
 * active API key of the merchant's (server/api-keys/manage-api-keys.ts). Anything else is a 401 that says what
 * is expected. The key itself is never logged.
 */
export function merchantAuth(
  deps: Pick<AppDeps, 'secretKey' | 'db' | 'now'>,
): MiddlewareHandler<ServerEnvBindings> {
  const expected = digest(deps.secretKey);
  return async (c, next) => {
    const match = /^Bearer ([^\s]+)$/.exec(c.req.header('authorization') ?? '');
    const given = match?.[1];
    const environmentKey = given !== undefined && timingSafeEqual(digest(given), expected);
    const apiKey =
      given === undefined || environmentKey
        ? undefined
        : await authenticateApiKey(deps.db, given, deps.now());
    if (!environmentKey && !apiKey) {
      c.header('WWW-Authenticate', 'Bearer realm="checkout"');
      return apiError(
        c,
        401,
        'A valid secret key is required: Authorization: Bearer <CHECKOUT_SECRET_KEY or an API key>.',
        'unauthorized',
      );
    }
    c.set('apiKeyId', apiKey?.id ?? null);
    c.set('apiKeyName', apiKey?.name ?? null);
    await next();
  };
}

/** After merchantAuth: the key that made the request, as the audit log names it. */
export function merchantActor(c: Context<ServerEnvBindings>): AuditActor {
  const id = c.get('apiKeyId');
  return apiKeyActor(id === null ? null : { id, name: c.get('apiKeyName') ?? '' });
}

/**
 * After merchantAuth: only the environment's key may manage API keys — a leaked extra key cannot mint
 * itself successors or keep itself alive.
 */
export function environmentKeyOnly(): MiddlewareHandler<ServerEnvBindings> {
  return async (c, next) => {
    if (c.get('apiKeyId') !== null)
      return apiError(
        c,
        403,
        'API keys are managed with the environment’s CHECKOUT_SECRET_KEY (or in the console), not with another API key.',
        'environment_key_required',
      );
    await next();
  };
}
