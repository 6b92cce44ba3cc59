import * as z from 'zod/mini';
import { FEES_PAID_BY } from '../order-values.ts';

/** Spec 2.10; `merchant` fills the spec's gap for the merchant case (docs/gateway-api.md §2.10). */
export const feeSimulationRequestSchema = z.strictObject({
  brand: z.string().check(z.regex(/^[a-z]+$/)),
  installments: z.int().check(z.gte(1), z.lte(12)),
  amount: z.int().check(z.positive()),
  fee_responsible: z.enum(FEES_PAID_BY),
});
export type FeeSimulationRequest = z.infer<typeof feeSimulationRequestSchema>;

/** Without zone: a calendar date, never to be shifted into the viewer's time zone. */
const zonelessDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/));

export const feeInstallmentSchema = z.looseObject({
  previsionPaymentDate: zonelessDateTime,
  grossAmount: z.number(),
  netAmount: z.number(),
  installment: z.int().check(z.positive()),
  antecipationRate: z.number(),
  antecipatedAmount: z.number(),
});
export type FeeInstallment = z.infer<typeof feeInstallmentSchema>;

/** Spec 2.11; amounts are decimal reais. The misspellings are the gateway's own. */
export const feeSimulationResponseSchema = z.looseObject({
  brand: z.string(),
  product: z.string(),
  plataformType: z.string(),
  grossAmount: z.number(),
  netAmount: z.number(),
  mdr: z.number(),
  antecipationRate: z.number(),
  antecipatedAmount: z.number(),
  installments: z.array(feeInstallmentSchema),
  saleTypeCode: z.string(),
  fees: z.string(),
});
export type FeeSimulationResponse = z.infer<typeof feeSimulationResponseSchema>;
