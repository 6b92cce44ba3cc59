/**
 * What the mock gateway does with a card, chosen by its number (docs/shoppers-and-designers/test-cards.md).
 */
export type CardScenario =
  | 'approve'
  | 'refuse'
  | 'cvv-error'
  | 'processing'
  | 'processing-stuck'
  | 'challenge-fail'
  | 'frictionless';

export interface TestCard {
  number: string;
  brand: string;
  scenario: CardScenario;
  /** Shown to designers in the mock panel and in docs/shoppers-and-designers/test-cards.md. */
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'Visa', scenario: 'approve', description: 'Approved (paid)' },
  { number: '5555555555554444', brand: 'Mastercard', scenario: 'approve', description: 'Approved (paid)' },
  { number: '4000000000000002', brand: 'Visa', scenario: 'refuse', description: 'Refused by the issuer' },
  {
    number: '4000000000000127',
    brand: 'Visa',
    scenario: 'cvv-error',
    description: '400 integration error on card_cvv',
  },
  {
    number: '4000000000000119',
    brand: 'Visa',
    scenario: 'processing',
    description: 'Processing for a few seconds, then paid',
  },
  {
    number: '4000000000000135',
    brand: 'Visa',
    scenario: 'processing-stuck',
    description: 'Stays processing: the checkout stops checking after 5 minutes',
  },
  {
    number: '4000000000003220',
    brand: 'Visa',
    scenario: 'challenge-fail',
    description: '3DS: the bank challenge fails (refused); paid without 3DS',
  },
  {
    number: '4000000000003055',
    brand: 'Visa',
    scenario: 'frictionless',
    description: '3DS: frictionless, the bank approves without a code; paid without 3DS',
  },
];

/** Holder names that trigger transport failures, so designers can see every error screen. */
export const HOLDER_NAME_SCENARIOS = {
  'NETWORK ERROR': 'The request fails as if the network dropped',
  'SERVER ERROR': 'The gateway answers 500: the payment may or may not have gone through',
  'GATEWAY TIMEOUT': 'A proxy answers 504: the payment may or may not have gone through',
  'SLOW GATEWAY': 'The gateway answers after 40 s (the checkout times out at 30 s)',
  'BAD RESPONSE': 'The gateway answers 200 with a body that is not a transaction',
  'NO CARD ID': 'Saving a card (POST /v1/cards) answers 200 {} as the spec sample: no id, nothing saved',
} as const;
export type HolderNameScenario = keyof typeof HOLDER_NAME_SCENARIOS;

export function scenarioForCard(cardNumber: string): CardScenario {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.scenario ?? 'approve';
}

export function holderNameScenario(name: string): HolderNameScenario | undefined {
  const upper = name.trim().toUpperCase();
  return upper in HOLDER_NAME_SCENARIOS ? (upper as HolderNameScenario) : undefined;
}

/**
 * Holder names that make the bank answer a 3DS challenge by itself, at once: the gateway sends the
 * shopper straight back to the checkout (as a frictionless bank would), so a designer lands on the 3DS
 * return page of each outcome without working a bank page. `pending`: back before the bank answered.
 */
export const BANK_ANSWER_HOLDER_NAMES = {
  'BANK APPROVES': 'authorized',
  'BANK DECLINES': 'refused',
  'BANK NO ANSWER': 'pending',
} as const;
export type BankAnswer = (typeof BANK_ANSWER_HOLDER_NAMES)[keyof typeof BANK_ANSWER_HOLDER_NAMES];

export function bankAnswerFor(name: string): BankAnswer | undefined {
  const upper = name.trim().toUpperCase();
  return upper in BANK_ANSWER_HOLDER_NAMES
    ? BANK_ANSWER_HOLDER_NAMES[upper as keyof typeof BANK_ANSWER_HOLDER_NAMES]
    : undefined;
}

/**
 * Payer names of a PIX code that moves by itself a few seconds after it is issued, so the paid and the
 * expired screens open from a link, with no control to press (the designer panel, the server's control).
 */
export const PIX_PAYER_NAMES = {
  'PIX PAID SOON': 'paid',
  'PIX EXPIRES SOON': 'expired',
} as const;
export type PixFate = (typeof PIX_PAYER_NAMES)[keyof typeof PIX_PAYER_NAMES];
/** How long such a code stays open: long enough to see it, short enough not to wait. */
export const PIX_FATE_MS = 3000;

export function pixFateFor(name: string): PixFate | undefined {
  const upper = name.trim().toUpperCase();
  return upper in PIX_PAYER_NAMES ? PIX_PAYER_NAMES[upper as keyof typeof PIX_PAYER_NAMES] : undefined;
}

/**
 * Payer names of a boleto that moves by itself a few seconds after it is issued (as PIX's above): paid
 * at the bank, or past its due date unpaid.
 */
export const BOLETO_PAYER_NAMES = {
  'BOLETO PAID SOON': 'paid',
  'BOLETO EXPIRES SOON': 'expired',
} as const;
export type BoletoFate = (typeof BOLETO_PAYER_NAMES)[keyof typeof BOLETO_PAYER_NAMES];

export function boletoFateFor(name: string): BoletoFate | undefined {
  const upper = name.trim().toUpperCase();
  return upper in BOLETO_PAYER_NAMES
    ? BOLETO_PAYER_NAMES[upper as keyof typeof BOLETO_PAYER_NAMES]
    : undefined;
}
