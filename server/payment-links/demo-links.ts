import type { CreatePaymentLinkRequest } from '../../contract/payment-links/payment-link.ts';
import type { AppDeps } from '../app-deps.ts';
import { createLink } from './create-link.ts';
import { setDemoLinkState } from './link-repository.ts';
import { linkUrl } from './link-views.ts';

/** The payment-link pages a designer can open from a scenario link (`/?scenario=link-…`, `npm start` only). */
export const LINK_SCENARIOS = ['link-active', 'link-custom-amount', 'link-expired', 'link-inactive'] as const;
export type LinkScenario = (typeof LINK_SCENARIOS)[number];

export function isLinkScenario(value: string | undefined): value is LinkScenario {
  return (LINK_SCENARIOS as readonly (string | undefined)[]).includes(value);
}

const BODIES: Record<LinkScenario, CreatePaymentLinkRequest> = {
  'link-active': {
    title: 'Caneca esmaltada',
    description: 'Caneca de 350 ml, feita à mão.',
    items: [{ title: 'Caneca esmaltada', unit_price: 4990, quantity: 1, tangible: true }],
    quantity: { min: 1, max: 6 },
    after_payment: { message: 'Obrigado! Enviamos a caneca em 2 dias úteis.' },
  },
  'link-custom-amount': {
    title: 'Doação para o abrigo',
    description: 'Escolha quanto quer doar.',
    custom_amount: { min: 1000, max: 50000, preset: 5000 },
  },
  'link-expired': {
    title: 'Ingresso — show de sábado',
    items: [{ title: 'Ingresso', unit_price: 8000, quantity: 1, tangible: false }],
  },
  'link-inactive': {
    title: 'Camiseta edição limitada',
    items: [{ title: 'Camiseta', unit_price: 6990, quantity: 1, tangible: true }],
    inactive_message: 'Esgotou! Uma nova leva chega em dezembro.',
  },
};

/**
 * A fresh payment link for a designer's scenario, answered as its URL. The expired and inactive ones are made so
 * through the same storage a real expiry or deactivation uses.
 *
 * `reuse` (the link `npm start` prints): the same link at every start on the same data folder, through the
 * API's idempotency key — not one more "Caneca esmaltada" in the console's list per restart.
 */
export async function createDemoLink(
  deps: AppDeps,
  scenario: LinkScenario = 'link-active',
  options: { reuse?: boolean } = {},
): Promise<string> {
  const now = deps.now();
  const result = await createLink(deps.db, BODIES[scenario], {
    now,
    publicUrl: deps.publicUrl,
    actor: null,
    ...(options.reuse ? { idempotencyKey: `npm-start-demo-${scenario}` } : {}),
  });
  if (result.kind !== 'created' && result.kind !== 'replayed') throw new Error(`demo link: ${result.kind}`);
  const { row } = result;
  if (result.kind === 'replayed') return linkUrl(deps.publicUrl, row.code);
  if (scenario === 'link-expired') await setDemoLinkState(deps.db, row.id, new Date(now.getTime() - 60_000));
  if (scenario === 'link-inactive') await setDemoLinkState(deps.db, row.id, null, false);
  return linkUrl(deps.publicUrl, row.code);
}
