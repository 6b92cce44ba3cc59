import { cardMessages } from './catalogues/card.ts';
import { checkoutMessages } from './catalogues/checkout.ts';
import { commonMessages } from './catalogues/common.ts';
import { customerMessages } from './catalogues/customer.ts';
import type { boletoMessages } from './catalogues/boleto.ts';
import type { cepLookupMessages } from './catalogues/cep-lookup.ts';
import type { embedMessages } from './catalogues/embed.ts';
import type { feeSimulatorMessages } from './catalogues/fee-simulator.ts';
import type { formErrorMessages } from './catalogues/form-errors.ts';
import type { notFoundMessages } from './catalogues/not-found.ts';
import type { orderErrorMessages } from './catalogues/order-error.ts';
import type { pixMessages } from './catalogues/pix.ts';
import type { resultMessages } from './catalogues/result.ts';
import type { receiptEmailMessages } from './catalogues/receipt-email.ts';
import type { savedCardMessages } from './catalogues/saved-cards.ts';
import type { sessionMessages } from './catalogues/session.ts';
import { shopperFormMessages } from './catalogues/shopper-form.ts';
import type { threeDSMessages } from './catalogues/three-ds.ts';
import type { Locale } from './locale.ts';
import { registeredWords, registerMessages } from './registry.ts';

/**
 * One catalogue per area keeps edits apart; each area types its pt-BR half against its English half, so a
 * missing key fails the type check. The checkout's own areas are bundled here; the areas of lazily loaded
 * screens (results, PIX, 3DS, sessions, simulator, embed) register themselves when their chunk loads, so
 * shoppers do not download the simulator's words (the checkout's first load has a size budget,
 * docs/decisions/023-first-load-budget.md).
 */
type AllEnglish = typeof commonMessages.en &
  typeof checkoutMessages.en &
  typeof cardMessages.en &
  typeof customerMessages.en &
  typeof shopperFormMessages.en &
  typeof formErrorMessages.en &
  typeof cepLookupMessages.en &
  typeof orderErrorMessages.en &
  typeof notFoundMessages.en &
  typeof pixMessages.en &
  typeof boletoMessages.en &
  typeof feeSimulatorMessages.en &
  typeof threeDSMessages.en &
  typeof embedMessages.en &
  typeof sessionMessages.en &
  typeof resultMessages.en &
  typeof savedCardMessages.en &
  typeof receiptEmailMessages.en;
export type MessageKey = keyof AllEnglish;

for (const catalogue of [
  commonMessages,
  checkoutMessages,
  cardMessages,
  customerMessages,
  shopperFormMessages,
]) {
  registerMessages(catalogue);
}

/** What is registered so far, per locale (tests compare the two). */
export function registeredMessages(locale: Locale): Readonly<Partial<Record<MessageKey, string>>> {
  return registeredWords(locale);
}

export type MessageParams = Record<string, string | number>;

/**
 * `{name}` placeholders are replaced by params; a missing param stays visible rather than vanishing. A key
 * whose area has not loaded yet shows as the key itself — visible in review, never a crash.
 */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = registeredWords(locale)[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : String(value);
  });
}

/** Form errors carry catalogue keys; anything else (a gateway's own words) is shown as it came. */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(registeredWords('en'), value);
}
