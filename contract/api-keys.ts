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
