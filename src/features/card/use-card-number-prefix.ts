import { useWatch, type Control } from 'react-hook-form';
import type { CardFormValues } from './card-form-schema.ts';

/** Brands are told apart by the first six digits (the BIN); nothing after them changes brand or CVV size. */
const BIN_LENGTH = 6;

/**
 * The card number's first six digits. Components that show the brand watch this instead of the number,
 * so they re-render while those digits are typed and not for the other ten.
 */
export function useCardNumberPrefix(control: Control<CardFormValues>): string {
  return useWatch({
    control,
    name: 'cardNumber',
    compute: (number: string) => number.replace(/\D/g, '').slice(0, BIN_LENGTH),
  });
}
