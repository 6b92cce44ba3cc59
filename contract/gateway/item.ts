import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';
import { cents, gatewayTimestampSchema } from './common.ts';

export const itemRequestSchema = z.object({
  external_id: z.optional(z.string().check(z.maxLength(64), plainText())),
  title: z.string().check(z.minLength(1), z.maxLength(256), plainText()),
  unit_price: cents,
  quantity: z.int().check(z.positive()),
  tangible: z.boolean(),
});
export type ItemRequest = z.infer<typeof itemRequestSchema>;

export const itemResponseSchema = z.looseObject({
  id: z.optional(z.int()),
  external_id: z.nullish(z.string()),
  title: z.string(),
  unit_price: z.int(),
  quantity: z.int(),
  // Requests send a boolean, responses return 1/0 (spec 2.7).
  tangible: z.nullish(z.union([z.boolean(), z.int()])),
  category: z.nullish(z.string()),
  venue: z.nullish(z.string()),
  date: z.nullish(z.string()),
  created_at: z.optional(gatewayTimestampSchema),
  updated_at: z.optional(gatewayTimestampSchema),
});
export type ItemResponse = z.infer<typeof itemResponseSchema>;
