import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { cardFormSchema } from './card-form-schema.ts';
// Field and form errors can only appear once this has run: their words come with it.
import '../../i18n/catalogues/form-errors.ts';
import type { CardFormValues } from './card-form-schema.ts';

const resolvers = new Map<boolean, Resolver<CardFormValues>>();

/**
 * The form's validation (zod schema, Luhn and brand rules) as react-hook-form's resolver. It is loaded on
 * demand — prefetched when the browser is idle — so it is not part of the checkout's first load.
 */
export function cardFormResolver(withCustomer: boolean): Resolver<CardFormValues> {
  let resolver = resolvers.get(withCustomer);
  if (!resolver) {
    resolver = zodResolver(cardFormSchema(undefined, { withCustomer }));
    resolvers.set(withCustomer, resolver);
  }
  return resolver;
}
