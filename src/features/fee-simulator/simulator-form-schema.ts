import * as z from 'zod/mini';
import { FEES_PAID_BY, MAX_ORDER_CENTS } from '../../../contract/order-values.ts';
import type { Locale } from '../../i18n/locale.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { FEE_BRANDS } from '../../../contract/fee-brands.ts';
import { parseMoneyInput } from '../../lib/money-input.ts';

/** One message per problem, as a catalogue key the form translates. */
function amountProblem(text: string, locale: Locale): MessageKey | null {
  if (text.trim() === '') return 'simulator.error.amountRequired';
  const cents = parseMoneyInput(text, locale);
  if (cents === null) return 'simulator.error.amountFormat';
  if (cents <= 0) return 'simulator.error.amountMin';
  if (cents > MAX_ORDER_CENTS) return 'simulator.error.amountMax';
  return null;
}

/** The amount is read in the page's locale: "1.234,56" in pt-BR, "1,234.56" in English. */
export function simulatorFormSchema(locale: Locale) {
  return z.object({
    brand: z.enum(FEE_BRANDS, 'simulator.error.brand'),
    amount: z.string().check(
      z.superRefine((value, ctx) => {
        const problem = amountProblem(value, locale);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
      }),
    ),
    installments: z.string().check(z.regex(/^(?:[1-9]|1[0-2])$/, 'simulator.error.installments')),
    feeResponsible: z.enum(FEES_PAID_BY, 'simulator.error.feeResponsible'),
  });
}

export type SimulatorFormValues = z.input<ReturnType<typeof simulatorFormSchema>>;
