import { cardMessages } from '../src/i18n/catalogues/card.ts';
import { cepLookupMessages } from '../src/i18n/catalogues/cep-lookup.ts';
import { checkoutMessages } from '../src/i18n/catalogues/checkout.ts';
import { customerMessages } from '../src/i18n/catalogues/customer.ts';
import { feeSimulatorMessages } from '../src/i18n/catalogues/fee-simulator.ts';
import { formErrorMessages } from '../src/i18n/catalogues/form-errors.ts';
import { pixMessages } from '../src/i18n/catalogues/pix.ts';
import { sessionMessages } from '../src/i18n/catalogues/session.ts';
import { shopperFormMessages } from '../src/i18n/catalogues/shopper-form.ts';
import { threeDSMessages } from '../src/i18n/catalogues/three-ds.ts';

/**
 * The shopper's words as the app's own catalogues spell them, so the component models find fields by
 * the labels the page really shows, in either language, and a reworded label is changed in one place.
 */
export type Language = 'en' | 'pt-BR';

const CATALOGUES = [
  cardMessages,
  cepLookupMessages,
  checkoutMessages,
  customerMessages,
  feeSimulatorMessages,
  formErrorMessages,
  pixMessages,
  sessionMessages,
  shopperFormMessages,
  threeDSMessages,
];
export type WordKey = keyof (typeof cardMessages.en &
  typeof cepLookupMessages.en &
  typeof checkoutMessages.en &
  typeof customerMessages.en &
  typeof feeSimulatorMessages.en &
  typeof formErrorMessages.en &
  typeof pixMessages.en &
  typeof sessionMessages.en &
  typeof shopperFormMessages.en &
  typeof threeDSMessages.en);

export function word(key: WordKey, language: Language = 'en'): string {
  for (const catalogue of CATALOGUES) {
    const text = (catalogue[language] as Readonly<Record<string, string>>)[key];
    if (text !== undefined) return text;
  }
  throw new Error(`no ${language} word for ${key}`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text that starts as the template does up to its first `{…}`: "Pay {amount}" → /^Pay /. */
export function startOf(key: WordKey, language: Language = 'en'): RegExp {
  return new RegExp(`^${escape(word(key, language).split('{')[0] ?? '')}`);
}

/** A text holding the template's longest fixed part: "{amount} on {brand}, fees paid by {payer}" → /, fees paid by /. */
export function partOf(key: WordKey, language: Language = 'en'): RegExp {
  const parts = word(key, language).split(/\{[^}]*\}/);
  return new RegExp(
    escape(parts.reduce((longest, part) => (part.length > longest.length ? part : longest), '')),
  );
}
