import type { Locale } from './locale.ts';

/** One area's words in both languages; messages.ts types the keys, this module only stores them. */
export interface Catalogue {
  en: Readonly<Record<string, string>>;
  'pt-BR': Readonly<Record<string, string>>;
}

/**
 * Kept apart from messages.ts so that lazily loaded catalogues can register themselves without importing
 * the module that imports their types (that was an import cycle).
 */
const registry: Record<Locale, Record<string, string>> = { en: {}, 'pt-BR': {} };

export function registerMessages(catalogue: Catalogue): void {
  Object.assign(registry.en, catalogue.en);
  Object.assign(registry['pt-BR'], catalogue['pt-BR']);
}

export function registeredWords(locale: Locale): Readonly<Record<string, string>> {
  return registry[locale];
}
