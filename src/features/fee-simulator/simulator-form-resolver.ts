import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { Locale } from '../../i18n/locale.ts';
import { simulatorFormSchema, type SimulatorFormValues } from './simulator-form-schema.ts';

const resolvers = new Map<Locale, Resolver<SimulatorFormValues>>();

/** Loaded on the form's first validation, so opening the simulator does not evaluate zod. */
export function simulatorFormResolver(locale: Locale): Resolver<SimulatorFormValues> {
  let resolver = resolvers.get(locale);
  if (!resolver) {
    resolver = zodResolver(simulatorFormSchema(locale));
    resolvers.set(locale, resolver);
  }
  return resolver;
}
