import * as z from 'zod/mini';
import { billingResponseSchema } from './billing.ts';
import { cardResponseSchema } from './card.ts';
import { gatewayTimestampSchema } from './common.ts';
import { customerResponseSchema } from './customer.ts';
import { itemResponseSchema } from './item.ts';
import { threeDSecureResponseSchema } from './three-d-secure.ts';

/** `YYYY-MM-DD HH:MM:SS`, no zone: gateway local time (docs/gateway-api.md §2.9). */
export const pixExpirationSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));

/** Transaction of spec 2.9. Fields the samples show as null are read as nullable. */
export const transactionSchema = z.looseObject({
  id: z.int(),
  ip_address: z.nullish(z.string()),
  tid: z.nullish(z.union([z.string(), z.number()])),
  amount: z.int(),
  capture_amount: z.nullish(z.int()),
  paid_amount: z.nullish(z.int()),
  /** Not in the spec's samples; the closest documented API of this family returns it after a refund. */
  refunded_amount: z.nullish(z.int()),
  ref_id: z.nullish(z.string()),
  // Parsed as any string: an unknown status must not break the checkout (docs/gateway-api.md §3).
  status: z.string(),
  created_at: gatewayTimestampSchema,
  updated_at: gatewayTimestampSchema,
  card: z.nullish(cardResponseSchema),
  pix_qr_code: z.nullish(z.string()),
  pix_expiration_date: z.nullish(pixExpirationSchema),
  pix_additional_fields: z.nullish(z.looseObject({ pix_id: z.nullish(z.string()) })),
  /** Boleto (contract/gateway/boleto-transaction.ts): read leniently, mapped by the boleto adapter. */
  boleto_url: z.nullish(z.string()),
  boleto_barcode: z.nullish(z.string()),
  boleto_expiration_date: z.nullish(z.string()),
  boleto_qr_code: z.nullish(z.string()),
  installments: z.nullish(z.int()),
  reference_key: z.nullish(z.string()),
  session: z.nullish(z.string()),
  local_time: z.nullish(z.string()),
  payment_method: z.string(),
  customer: z.nullish(customerResponseSchema),
  billing: z.nullish(billingResponseSchema),
  items: z.nullish(z.array(itemResponseSchema)),
  threeDSecure: z.nullish(threeDSecureResponseSchema),
  metadata: z.nullish(z.unknown()),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListSchema = z.array(transactionSchema);
