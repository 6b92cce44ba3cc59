import type { AppDeps } from './app-deps.ts';
import { createSession } from './sessions/create-session.ts';
import { shopperUrl } from './sessions/session-views.ts';

/**
 * The ready shopper link `npm start` prints: a small order that every payment method can pay. A designer
 * scenario that needs the bank's challenge asks for `threeDS`; a boleto scenario for `boleto`.
 */
export async function createDemoSession(
  deps: AppDeps,
  options: { threeDS?: boolean; boleto?: boolean } = {},
): Promise<string> {
  const result = await createSession(
    deps.db,
    {
      reference: `demo-${Date.now().toString(36)}`,
      items: [{ title: 'Tênis de corrida', unit_price: 13590, quantity: 1, tangible: true }],
      shipping_fee: 1500,
      descriptor: 'LOJA EXEMPLO',
      // The boleto scenarios (scenario-links.ts) offer boleto first.
      methods: options.boleto ? ['boleto', 'credit_card', 'pix'] : ['credit_card', 'pix'],
      max_installments: 12,
      three_ds: options.threeDS ? 'required' : 'off',
      fees_paid_by: 'merchant',
      expires_in_minutes: 24 * 60,
    },
    { now: deps.now() },
  );
  if (result.kind === 'conflict' || result.kind === 'invalid')
    throw new Error(`demo session: unexpected ${result.kind} answer`);
  return shopperUrl(deps.publicUrl, result.row.id);
}
