import * as z from 'zod/mini';
import { plainText } from './plain-text.ts';

/** Extra secret API keys (docs/merchants/api-keys.md): named, shown once, revocable. */
export const createApiKeySchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80), plainText()),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export interface ApiKeyView {
  id: string;
  object: 'api_key';
  name: string;
  /** The key's first characters (`sk_AbCdEfGh…`): enough to recognise it, too few to use it. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Only in the answer to create: the whole key, never shown again (only its SHA-256 is kept). */
export type ApiKeyWithSecret = ApiKeyView & { key: string };

/**
 * `POST /api/v1/api-keys/{id}/revoke`'s optional body (decision 288): the key's webhook endpoints stay as they
 * are unless `disable_webhook_endpoints` is true — then they are disabled in the same transaction.
 */
export const revokeApiKeySchema = z.strictObject({
  disable_webhook_endpoints: z.optional(z.boolean()),
});
export type RevokeApiKey = z.infer<typeof revokeApiKeySchema>;

/** A webhook endpoint made with a key, as the revoke answer and the console's key list name it. */
export interface ApiKeyEndpoint {
  id: string;
  url: string;
  enabled: boolean;
}

/** The answer to revoke: the key, and the webhook endpoints made with it as they are now. */
export type RevokedApiKey = ApiKeyView & { webhook_endpoints: ApiKeyEndpoint[] };
