import type { BoletoPayer } from '../../contract/boleto/boleto-model.ts';
import { expireBoletoNow, payBoleto as payAtTheBank } from '../../mock-core/gateway.ts';
import { mockGatewayNow } from '../../mock-core/store.ts';
import type { AppDeps } from '../app-deps.ts';
import { createDemoSession } from '../demo-session.ts';
import { payBoleto } from '../payments/pay-boleto.ts';
import { readSessionTransaction } from '../payments/read-session-transaction.ts';

export const BOLETO_SCENARIOS = ['boleto-open', 'boleto-paid', 'boleto-expired'] as const;
export type BoletoScenario = (typeof BOLETO_SCENARIOS)[number];

export function isBoletoScenario(value: string | undefined): value is BoletoScenario {
  return (BOLETO_SCENARIOS as readonly (string | undefined)[]).includes(value);
}

const DEMO_PAYER: BoletoPayer = {
  name: 'Maria Silva',
  document: { type: 'cpf', number: '39053344705' },
  email: 'maria@example.com',
  address: {
    street: 'Avenida Paulista',
    street_number: '1578',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    zipcode: '01310200',
  },
};

/**
 * `npm start` only: `/?scenario=boleto-open|boleto-paid|boleto-expired` — a demo session whose boleto is
 * issued (through the same path as a shopper's), then paid at the bank or ended after its due date at the
 * mock, and read back so the page opens on that state. Answers the session's page.
 */
export async function openBoletoScenario(deps: AppDeps, scenario: BoletoScenario): Promise<string> {
  const url = await createDemoSession(deps, { boleto: true });
  const sessionId = new URL(url).pathname.split('/').at(-1) ?? '';
  const policy = deps.policy;
  const issued = await payBoleto(deps, policy, { sessionId, clientAddress: '127.0.0.1', payer: DEMO_PAYER });
  if (issued.kind === 'ok' && scenario !== 'boleto-open') {
    const id = String(issued.transaction.id);
    if (scenario === 'boleto-paid') payAtTheBank(id, mockGatewayNow());
    else expireBoletoNow(id, mockGatewayNow());
    await readSessionTransaction(
      deps,
      { ...policy, forcedReadIntervalMs: 0 },
      sessionId,
      issued.transaction.id,
    );
  }
  return url;
}
