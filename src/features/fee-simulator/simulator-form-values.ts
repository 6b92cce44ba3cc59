import type { Locale } from '../../i18n/locale.ts';
import { DEFAULT_FEE_BRAND } from '../../../contract/fee-brands.ts';
import { formatCentsForInput, parseMoneyInput } from '../../lib/money-input.ts';
import type { SimulatorFormValues } from './simulator-form-schema.ts';
import type { SimulatorParams } from './simulator-search.ts';

/** Kept apart from the zod schema, which loads only when the form first validates. */
export function formValuesFrom(partial: Partial<SimulatorParams>, locale: Locale): SimulatorFormValues {
  return {
    brand: partial.brand ?? DEFAULT_FEE_BRAND,
    amount: partial.amount === undefined ? '' : formatCentsForInput(partial.amount, locale),
    installments: String(partial.installments ?? 1),
    feeResponsible: partial.feeResponsible ?? 'merchant',
  };
}

/** Only called on values the schema accepted; null guards the one thing types cannot: the amount's text. */
export function paramsFrom(values: SimulatorFormValues, locale: Locale): SimulatorParams | null {
  const amount = parseMoneyInput(values.amount, locale);
  if (amount === null) return null;
  return {
    brand: values.brand,
    amount,
    installments: Number(values.installments),
    feeResponsible: values.feeResponsible,
  };
}
