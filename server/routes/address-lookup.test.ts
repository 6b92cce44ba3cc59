import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/checkout-session.ts';
import { cepAddressSchema } from '../../contract/address-lookup.ts';
import { CepProviderError, type CepProvider } from '../address/cep-provider.ts';
import { buildTestApp, call, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';

/** A provider that fails on CEPs starting with 9 and counts its calls. */
function countingProvider(): CepProvider & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: 'test',
    calls,
    lookup(cep) {
      calls.push(cep);
      if (cep.startsWith('9')) return Promise.reject(new CepProviderError('timeout', 'no answer'));
      if (cep === '01001000')
        return Promise.resolve({
          cep,
          street: 'Praça da Sé',
          neighborhood: 'Sé',
          city: 'São Paulo',
          state: 'SP',
        });
      return Promise.resolve(null);
    },
  };
}

describe.each(DRIVERS)('CEP lookup (%s)', (driver) => {
  let database: TestDatabase;
  let dataset: TestApp;
  let provided: TestApp;
  let provider: ReturnType<typeof countingProvider>;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    dataset = buildTestApp({
      db: database.db,
      policy: { cepLookupsPerAddress: { max: 5, windowMs: 60_000 } },
    });
    provider = countingProvider();
    provided = buildTestApp({ db: database.db, cepProvider: provider });
  }, 60_000);
  afterAll(async () => {
    await dataset.close();
    await provided.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    provider.calls.length = 0;
  });

  it('answers a CEP of the dataset in mock/default mode, in the contract shape', async () => {
    const answer = await call(dataset.app, 'GET', '/api/cep/01310100');
    expect(answer.status).toBe(200);
    expect(cepAddressSchema.parse(answer.json)).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
  });

  it('says 404 for an unknown CEP and 400 for anything but 8 digits', async () => {
    expect((await call(dataset.app, 'GET', '/api/cep/99999999')).status).toBe(404);
    for (const bad of ['0131010', '013101000', '01310-100', '0131010a', 'abcdefgh']) {
      const answer = await call(provided.app, 'GET', `/api/cep/${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(apiErrorBodySchema.parse(answer.json).errors[0]?.parameter_name).toBe('cep');
    }
    expect(provider.calls).toEqual([]);
  });

  it('limits lookups per client address, like the other public endpoints', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await call(dataset.app, 'GET', '/api/cep/01001000')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const other = await call(dataset.app, 'GET', '/api/cep/01001000', { address: '203.0.113.9' });
    expect(other.status).toBe(200);
  });

  it("turns a provider's failure into 503 (type it yourself) and remembers known answers", async () => {
    expect((await call(provided.app, 'GET', '/api/cep/90000000')).status).toBe(503);
    expect((await call(provided.app, 'GET', '/api/cep/01001000')).status).toBe(200);
    expect((await call(provided.app, 'GET', '/api/cep/01001000')).status).toBe(200);
    expect((await call(provided.app, 'GET', '/api/cep/02000000')).status).toBe(404);
    expect((await call(provided.app, 'GET', '/api/cep/02000000')).status).toBe(404);
    // A failure is asked again next time; an answer (found or not) is not.
    expect((await call(provided.app, 'GET', '/api/cep/90000000')).status).toBe(503);
    expect(provider.calls).toEqual(['90000000', '01001000', '02000000', '90000000']);
    expect(provided.logs.some((line) => line.includes('CEP lookup failed'))).toBe(true);
  });
});
