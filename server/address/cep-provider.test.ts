import { describe, expect, it } from 'vitest';
import { serverEnvSchema } from '../env.ts';
import { CepProviderError, viaCepProvider } from './cep-provider.ts';

const TEMPLATE = 'https://viacep.example/ws/{cep}/json/';

/** A provider that answers `body` with `status`, recording the URLs asked. */
function fakeFetch(status: number, body: unknown) {
  const asked: string[] = [];
  const get = (url: string) => {
    asked.push(url);
    return Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
  return { asked, fetch: get as unknown as typeof fetch };
}

/** ViaCEP's own documented answer for 01001-000. */
const PRACA_DA_SE = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  complemento: 'lado ímpar',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

describe('a ViaCEP-compatible provider', () => {
  it('asks the configured URL with the 8 digits and maps the answer to our words', async () => {
    const provider = fakeFetch(200, PRACA_DA_SE);
    const address = await viaCepProvider({ urlTemplate: TEMPLATE, fetch: provider.fetch }).lookup('01001000');
    expect(provider.asked).toEqual(['https://viacep.example/ws/01001000/json/']);
    expect(address).toEqual({
      cep: '01001000',
      street: 'Praça da Sé',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    });
  });

  it('reads `erro` (boolean or string) as an unknown CEP', async () => {
    for (const erro of [true, 'true']) {
      const provider = fakeFetch(200, { erro });
      expect(
        await viaCepProvider({ urlTemplate: TEMPLATE, fetch: provider.fetch }).lookup('99999999'),
      ).toBeNull();
    }
  });

  it('keeps a town-wide CEP without street or neighbourhood', async () => {
    const provider = fakeFetch(200, {
      cep: '13165-000',
      logradouro: '',
      bairro: '',
      localidade: 'Engenheiro Coelho',
      uf: 'SP',
    });
    const address = await viaCepProvider({ urlTemplate: TEMPLATE, fetch: provider.fetch }).lookup('13165000');
    expect(address).toMatchObject({ street: '', neighborhood: '', city: 'Engenheiro Coelho' });
  });

  it('refuses what does not fit: another CEP, a bad UF, no city, not JSON, a non-2xx', async () => {
    const cases: [number, unknown][] = [
      [200, { ...PRACA_DA_SE, cep: '01002-000' }],
      [200, { ...PRACA_DA_SE, uf: 'São Paulo' }],
      [200, { ...PRACA_DA_SE, localidade: '' }],
      [200, { ...PRACA_DA_SE, logradouro: 'x'.repeat(201) }],
      [200, '<html>'],
      [200, []],
      [500, PRACA_DA_SE],
      [400, { erro: true }],
    ];
    for (const [status, body] of cases) {
      const provider = fakeFetch(status, body);
      await expect(
        viaCepProvider({ urlTemplate: TEMPLATE, fetch: provider.fetch }).lookup('01001000'),
      ).rejects.toBeInstanceOf(CepProviderError);
    }
  });

  it('gives up quickly on a provider that does not answer', async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          const reason: unknown = init.signal?.reason;
          reject(reason instanceof Error ? reason : new Error('aborted'));
        });
      })) as typeof fetch;
    const started = Date.now();
    const lookup = viaCepProvider({ urlTemplate: TEMPLATE, fetch: hanging, timeoutMs: 50 }).lookup(
      '01001000',
    );
    await expect(lookup).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is configured by a URL with {cep} in it', () => {
    expect(
      serverEnvSchema.safeParse({ CEP_PROVIDER_URL: 'https://viacep.com.br/ws/{cep}/json/' }).success,
    ).toBe(true);
    expect(serverEnvSchema.safeParse({ CEP_PROVIDER_URL: 'https://viacep.com.br/ws/json/' }).success).toBe(
      false,
    );
    expect(serverEnvSchema.safeParse({ CEP_PROVIDER_URL: 'ftp://viacep.com.br/{cep}' }).success).toBe(false);
  });
});
