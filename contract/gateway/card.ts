import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';
import { gatewayTimestampSchema } from './common.ts';

/** Card data of spec 2.2; also the body of card creation (spec 4). */
export const cardRequestSchema = z.object({
  card_number: z.string().check(z.regex(/^\d{12,19}$/)),
  card_holder_name: z.string().check(z.minLength(2), z.maxLength(64), plainText()),
  card_expiration_date: z.string().check(z.regex(/^(0[1-9]|1[0-2])\d{2}$/)),
  card_cvv: z.string().check(z.regex(/^\d{3,4}$/)),
});
export type CardRequest = z.infer<typeof cardRequestSchema>;

export const cardResponseSchema = z.looseObject({
  card_id: z.optional(z.int()),
  card_holder_name: z.nullish(z.string()),
  created_at: z.optional(gatewayTimestampSchema),
  updated_at: z.optional(gatewayTimestampSchema),
  card_first_digits: z.nullish(z.string()),
  card_last_digits: z.nullish(z.string()),
  brand: z.nullish(z.string()),
});
export type CardResponse = z.infer<typeof cardResponseSchema>;

/** The spec shows an empty object; anything object-shaped is accepted. */
export const cardCreationResponseSchema = z.looseObject({});
export type CardCreationResponse = z.infer<typeof cardCreationResponseSchema>;
