import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { cardFormSchema } from './card-form-schema.ts';
// Field and form errors can only appear once this has run: their words come with it.
import '../../i18n/catalogues/form-errors.ts';
import type { CardFormValues } from './card-form-schema.ts';

const resolvers = new Map<string, Resolver<CardFormValues>>();

/** Which fields a form shows, so only those are checked (see `cardFormSchema`). */
export type CardFormVariant = 'card' | 'saved-card' | 'card-only';

/**
 * The form's validation (zod schema, Luhn and brand rules) as react-hook-form's resolver. It is loaded on
 * demand — prefetched when the browser is idle — so it is not part of the checkout's first load.
 */
export function cardFormResolver(
  withCustomer: boolean,
  variant: CardFormVariant = 'card',
  withPhone = false,
): Resolver<CardFormValues> {
  const key = `${String(withCustomer)}:${variant}:${String(withPhone)}`;
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = zodResolver(
      cardFormSchema(undefined, {
        withCustomer,
        withCard: variant !== 'saved-card',
        withBilling: variant !== 'card-only',
        withPhone,
      }),
    );
    resolvers.set(key, resolver);
  }
  return resolver;
}
