import * as z from 'zod/mini';
import { MAX_ORDER_CENTS } from '../order-values.ts';
import { boletoPayerSchema } from './boleto-model.ts';
import { BOLETO_INSTRUCTION_LENGTH, BOLETO_INSTRUCTION_LINES } from './boleto-options.ts';

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** The normalised request the adapter maps to the gateway: amount from the session, never from the browser. */
export const boletoRequestSchema = z.strictObject({
  amount: z.int().check(z.positive(), z.lte(MAX_ORDER_CENTS)),
  /** `YYYY-MM-DD`, a business day. */
  due_date: isoDate,
  instructions: z.array(trimmed(BOLETO_INSTRUCTION_LENGTH)).check(z.maxLength(BOLETO_INSTRUCTION_LINES)),
  payer: boletoPayerSchema,
  /** The merchant's order id, sent as the customer's external id for the gateway's own reports. */
  reference: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type BoletoRequest = z.infer<typeof boletoRequestSchema>;
