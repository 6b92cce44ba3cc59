import * as z from 'zod/mini';

/*
 * The merchant's boleto options on a session and their limits (docs/merchants/sessions-api.md); apart from
 * boleto-model.ts so the session's schema and the boleto's lazy chunk share no module.
 */

export const BOLETO_DUE_DAYS = { default: 3, max: 30 } as const;
export const BOLETO_INSTRUCTION_LINES = 2;
/** A line of the printed boleto's "instructions" box holds about 80 characters. */
export const BOLETO_INSTRUCTION_LENGTH = 80;
/** What the shopper is told: banks report a payment to the gateway within this many business days. */
export const BOLETO_CONFIRMATION_BUSINESS_DAYS = 3;

const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** What the merchant sets on a session (`boleto` in the session request): due date and instructions. */
export const boletoOptionsSchema = z.strictObject({
  /** Business days from the day the boleto is issued (São Paulo), 1 to 30; default 3. */
  due_in_business_days: z.optional(z.int().check(z.gte(1), z.lte(BOLETO_DUE_DAYS.max))),
  /** At most two lines printed in the boleto's instructions box, e.g. "Não receber após o vencimento". */
  instructions: z.optional(
    z.array(trimmed(BOLETO_INSTRUCTION_LENGTH)).check(z.maxLength(BOLETO_INSTRUCTION_LINES)),
  ),
});
export type BoletoOptions = z.infer<typeof boletoOptionsSchema>;
