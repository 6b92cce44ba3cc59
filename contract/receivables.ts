import * as z from 'zod/mini';

/** Statuses of a receivable (server/receivables/receivable-machine.ts holds the machine). */
export const RECEIVABLE_STATUS_VALUES = ['expected', 'paid', 'canceled'] as const;

/**
 * One receivable as the merchant API and the `receivable.paid` event carry it (docs/merchants/receivables-api.md):
 * an installment of a captured card payment as the gateway reports it, or a PIX or boleto payment as one.
 * Amounts in cents; `fee_amount` and `net_amount` are null when the gateway does not give them (`fee_known`
 * false). `expected_on` is a calendar day in São Paulo.
 */
export const merchantReceivableSchema = z.object({
  id: z.string(),
  object: z.literal('receivable'),
  payment_id: z.string(),
  installment: z.int(),
  installments: z.int(),
  payment_method: z.string(),
  card_brand: z.nullable(z.string()),
  expected_on: z.string(),
  status: z.enum(RECEIVABLE_STATUS_VALUES),
  /** The gateway's word for it, as written (null: none given, or PIX/boleto). */
  gateway_status: z.nullable(z.string()),
  gross_amount: z.int(),
  fee_amount: z.nullable(z.int()),
  net_amount: z.nullable(z.int()),
  fee_known: z.boolean(),
  paid_at: z.nullable(z.string()),
  updated_at: z.string(),
});
export type MerchantReceivable = z.infer<typeof merchantReceivableSchema>;

/** `GET /api/v1/receivables`: a page, and the cursor of the next one (null: the last page). */
export const merchantReceivableListSchema = z.object({
  object: z.literal('list'),
  data: z.array(merchantReceivableSchema),
  has_more: z.boolean(),
  next_cursor: z.nullable(z.string()),
});
