import { cardMessages } from './catalogues/card.ts';
import { checkoutMessages } from './catalogues/checkout.ts';
import { commonMessages } from './catalogues/common.ts';
import { customerMessages } from './catalogues/customer.ts';
import { embedMessages } from './catalogues/embed.ts';
import { pixMessages } from './catalogues/pix.ts';
import { feeSimulatorMessages } from './catalogues/fee-simulator.ts';
import { threeDSMessages } from './catalogues/three-ds.ts';
import type { Locale } from './locale.ts';

/**
 * One catalogue per area keeps edits apart; each area types its pt-BR half against its English half,
 * so a missing key fails the type check.
 */
const en = {
  ...commonMessages.en,
  ...checkoutMessages.en,
  ...cardMessages.en,
  ...customerMessages.en,
  ...pixMessages.en,
  ...feeSimulatorMessages.en,
  ...threeDSMessages.en,
  ...embedMessages.en,
};
export type MessageKey = keyof typeof en;

export const messages: Record<Locale, Record<MessageKey, string>> = {
  en,
  'pt-BR': {
    ...commonMessages['pt-BR'],
    ...checkoutMessages['pt-BR'],
    ...cardMessages['pt-BR'],
    ...customerMessages['pt-BR'],
    ...pixMessages['pt-BR'],
    ...feeSimulatorMessages['pt-BR'],
    ...threeDSMessages['pt-BR'],
    ...embedMessages['pt-BR'],
  },
};

export type MessageParams = Record<string, string | number>;

/** `{name}` placeholders are replaced by params; a missing param stays visible rather than vanishing. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = messages[locale][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : String(value);
  });
}

/** Form errors carry catalogue keys; anything else (a gateway's own words) is shown as it came. */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}
