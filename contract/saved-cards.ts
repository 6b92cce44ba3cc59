import * as z from 'zod/mini';
import { plainText } from './plain-text.ts';

/**
 * Saved cards (issue 14): the checkout keeps, per merchant customer and with the shopper's consent, only
 * what the gateway returned about a card — its `card_id`, brand, first and last digits and holder name.
 * Never the number, CVV or expiry. The same view serves the merchant's API and the shopper's page.
 */
export const savedCardSchema = z.object({
  /** The gateway's `card.card_id`: what a payment sends top-level instead of `card`. */
  id: z.int().check(z.positive()),
  object: z.literal('saved_card'),
  /** As the gateway wrote it (`visa`, `Visa`, `mastercard`…); null when it named none. */
  brand: z.nullable(z.string()),
  /** Up to the BIN (6–8 digits); null when the gateway sent none. */
  first_digits: z.nullable(z.string().check(z.regex(/^\d{1,8}$/))),
  last_digits: z.nullable(z.string().check(z.regex(/^\d{1,4}$/))),
  holder_name: z.nullable(z.string()),
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardListSchema = z.object({
  object: z.literal('list'),
  data: z.array(savedCardSchema),
});
export type SavedCardList = z.infer<typeof savedCardListSchema>;

/**
 * What the shopper's browser posts to `/api/pay/{id}/v1/transactions` besides the gateway request: the
 * shopper's consent to keep the card (the "Save this card for next time" box). The server takes it out
 * before forwarding; the gateway never sees it.
 */
export const SAVE_CARD_FIELD = 'save_card';

/** Answer of the "save a card without paying" page (`POST /api/pay/{id}/v1/cards`). */
export const savedCardCreatedSchema = z.object({ card: savedCardSchema });
export type SavedCardCreated = z.infer<typeof savedCardCreatedSchema>;

/** The merchant's customer id as it appears in paths: what `customer.external_id` allows. */
export const customerExternalIdSchema = z.string().check(z.minLength(1), z.maxLength(64), plainText());
