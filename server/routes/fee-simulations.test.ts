import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/checkout-session.ts';
import { feeSimulationResponseSchema } from '../../contract/gateway/fee-simulation.ts';
import { call, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS } from '../test/test-database.ts';
import { type TestGateway } from '../test/test-gateway.ts';

const PATH = '/api/v1/simulate/tax';
/** What reached the gateway's simulation path. */
const simulations = (gateway: TestGateway) =>
  gateway.requests.filter((r) => r.method === 'POST' && r.path === '/v1/simulate/tax');
const SAMPLE = { brand: 'mastercard', installments: 12, amount: 19000, fee_responsible: 'customer' };

describe.each(DRIVERS)('fee simulations for the simulator page (%s)', (driver) => {
  let gateway: TestGateway, t: TestApp;
  suiteApp(
    driver,
    { policy: { simulationsPerAddress: { max: 3, windowMs: 60_000 } } },
    (s) => ({ gateway, t } = s),
  );
  beforeEach(() => {
    gateway.reset();
  });

  it('forwards the four fields with the token and answers the gateway simulation', async () => {
    const answer = await call(t.app, 'POST', PATH, { body: SAMPLE, headers: { cookie: 'a=b' } });
    expect(answer.status).toBe(200);
    expect(feeSimulationResponseSchema.parse(answer.json).installments).toHaveLength(12);
    const [sent] = simulations(gateway);
    expect(JSON.parse(sent?.body ?? '')).toEqual(SAMPLE);
    expect(sent?.headers.authorization).toBe('Bearer gateway-test-token');
    expect(sent?.headers.cookie).toBeUndefined();
  });

  it('refuses a bad body with a named parameter and sends nothing', async () => {
    const answer = await call(t.app, 'POST', PATH, { body: { ...SAMPLE, amount: -5, extra: 1 } });
    expect(answer.status).toBe(400);
    expect(apiErrorBodySchema.parse(answer.json).errors.map((e) => e.parameter_name)).toContain('amount');
    expect(simulations(gateway)).toHaveLength(0);
  });

  it('limits simulations per client address (each new question spends the gateway token)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // A different amount each time: the same question again is answered from the cache.
      const body = { ...SAMPLE, amount: SAMPLE.amount + 1 + i };
      statuses.push((await call(t.app, 'POST', PATH, { body })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(simulations(gateway)).toHaveLength(3);
  });
});
