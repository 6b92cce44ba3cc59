import { TEST_CARDS, type CardScenario } from './scenarios.ts';

/**
 * The states a designer opens from a link (`?scenario=…`, docs/shoppers-and-designers/scenarios.md). Each is
 * reached the way a shopper reaches it — the designer panel fills the form with test data and submits it —
 * with the test card, holder name or payer name that makes the mock gateway answer so. One list for the
 * static preview (MSW) and for `npm start` (whose server makes a session with the order below).
 */
export interface DesignerScenario {
  id: string;
  /** What the designer sees, in the panel's list and the docs. */
  title: string;
  method: 'credit_card' | 'pix';
  /** The order needs a 3DS challenge. */
  threeDS?: boolean;
  /** Card number (spaces allowed) and holder name, for card scenarios. */
  card?: { number: string; holder: string };
  /** The PIX payer's name, for PIX scenarios. */
  payer?: string;
}

const cardOf = (scenario: CardScenario): string =>
  TEST_CARDS.find((card) => card.scenario === scenario)?.number ?? '4111111111111111';

const APPROVED = cardOf('approve');
const HOLDER = 'MARIA SILVA';

export const DESIGNER_SCENARIOS: readonly DesignerScenario[] = [
  {
    id: 'card-approved',
    title: 'Card approved',
    method: 'credit_card',
    card: { number: APPROVED, holder: HOLDER },
  },
  {
    id: 'card-declined',
    title: 'Card declined by the issuer',
    method: 'credit_card',
    card: { number: cardOf('refuse'), holder: HOLDER },
  },
  {
    id: 'card-processing',
    title: 'Card processing (paid after a few seconds)',
    method: 'credit_card',
    card: { number: cardOf('processing'), holder: HOLDER },
  },
  {
    id: 'card-cvv-error',
    title: 'Gateway 400 on the CVV',
    method: 'credit_card',
    card: { number: cardOf('cvv-error'), holder: HOLDER },
  },
  {
    id: 'network-error',
    title: 'Network error',
    method: 'credit_card',
    card: { number: APPROVED, holder: 'NETWORK ERROR' },
  },
  {
    id: 'server-error',
    title: 'Gateway 500: outcome unknown',
    method: 'credit_card',
    card: { number: APPROVED, holder: 'SERVER ERROR' },
  },
  {
    id: 'gateway-timeout',
    title: 'Gateway timeout (504): outcome unknown',
    method: 'credit_card',
    card: { number: APPROVED, holder: 'GATEWAY TIMEOUT' },
  },
  {
    id: 'slow-gateway',
    title: 'Slow gateway (the checkout gives up at 30 s)',
    method: 'credit_card',
    card: { number: APPROVED, holder: 'SLOW GATEWAY' },
  },
  {
    id: 'bad-response',
    title: 'Unreadable gateway answer: outcome unknown',
    method: 'credit_card',
    card: { number: APPROVED, holder: 'BAD RESPONSE' },
  },
  {
    id: '3ds-challenge',
    title: '3DS: the bank’s challenge page',
    method: 'credit_card',
    threeDS: true,
    card: { number: APPROVED, holder: HOLDER },
  },
  {
    id: '3ds-return-approved',
    title: '3DS return: approved',
    method: 'credit_card',
    threeDS: true,
    card: { number: APPROVED, holder: 'BANK APPROVES' },
  },
  {
    id: '3ds-declined',
    title: '3DS declined: the return page after the bank refused',
    method: 'credit_card',
    threeDS: true,
    card: { number: cardOf('challenge-fail'), holder: 'BANK DECLINES' },
  },
  {
    id: '3ds-return-pending',
    title: '3DS return: the bank has not answered yet',
    method: 'credit_card',
    threeDS: true,
    card: { number: APPROVED, holder: 'BANK NO ANSWER' },
  },
  { id: 'pix-open', title: 'PIX code open', method: 'pix', payer: 'Maria Silva' },
  { id: 'pix-paid', title: 'PIX paid (after 3 s)', method: 'pix', payer: 'PIX PAID SOON' },
  { id: 'pix-expired', title: 'PIX expired (after 3 s)', method: 'pix', payer: 'PIX EXPIRES SOON' },
];

export function designerScenario(id: string | null | undefined): DesignerScenario | undefined {
  return DESIGNER_SCENARIOS.find((scenario) => scenario.id === id);
}
