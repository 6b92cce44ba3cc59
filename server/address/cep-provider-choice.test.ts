import { describe, expect, it } from 'vitest';
import { readServerEnv } from '../env.ts';
import {
  brasilApiProvider,
  CepProviderError,
  pausingAfterFailure,
  type CepProvider,
} from './cep-provider.ts';
import { cepProviderFor } from './cep-provider-choice.ts';

/** Records the URLs asked and answers each with `answer` (no network in tests). */
function recordingFetch(answer: () => Response) {
  const asked: string[] = [];
  const get = (url: string) => {
    asked.push(url);
    return Promise.resolve(answer());
  };
  return { asked, fetch: get as unknown as typeof fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const VIACEP_SE = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
};

describe('the CEP provider a server uses', () => {
  it('is ViaCEP by default with a real gateway: live shoppers get every CEP, not a sample', async () => {
    const env = readServerEnv({}, { GATEWAY_URL: 'https://gateway.example/v1', GATEWAY_TOKEN: 't' });
    const recorded = recordingFetch(() => json(VIACEP_SE));
    const provider = cepProviderFor(env, { fetch: recorded.fetch });
    expect(provider?.name).toBe('viacep.com.br');
    expect((await provider?.lookup('01001000'))?.street).toBe('Praça da Sé');
    expect(recorded.asked).toEqual(['https://viacep.com.br/ws/01001000/json/']);
  });

  it('is the dataset on the mock gateway, and never asks the network', () => {
    const recorded = recordingFetch(() => json(VIACEP_SE));
    expect(cepProviderFor(readServerEnv({}, {}), { fetch: recorded.fetch })?.name).toBe('dataset');
    expect(recorded.asked).toEqual([]);
  });

  it('follows CEP_PROVIDER: brasilapi, off, or a ViaCEP-compatible URL (older CEP_PROVIDER_URL too)', async () => {
    const recorded = recordingFetch(() =>
      json({ cep: '01001000', state: 'SP', city: 'São Paulo', neighborhood: 'Sé', street: 'Praça da Sé' }),
    );
    const brasil = cepProviderFor(readServerEnv({}, { CEP_PROVIDER: 'brasilapi' }), {
      fetch: recorded.fetch,
    });
    expect(await brasil?.lookup('01001000')).toEqual({
      cep: '01001000',
      street: 'Praça da Sé',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(recorded.asked).toEqual(['https://brasilapi.com.br/api/cep/v1/01001000']);
    expect(cepProviderFor(readServerEnv({}, { CEP_PROVIDER: 'off', GATEWAY_URL: 'https://g.example' }))).toBe(
      null,
    );
    const own = 'http://127.0.0.1:9/ws/{cep}/json/';
    expect(cepProviderFor(readServerEnv({}, { CEP_PROVIDER: own }))?.name).toBe('127.0.0.1:9');
    expect(cepProviderFor(readServerEnv({}, { CEP_PROVIDER_URL: own }))?.name).toBe('127.0.0.1:9');
  });

  it('refuses anything else at start, naming the setting', () => {
    expect(() => readServerEnv({}, { CEP_PROVIDER: 'correios' })).toThrow(/CEP_PROVIDER/);
    expect(() => readServerEnv({}, { CEP_PROVIDER: 'https://viacep.example/ws/' })).toThrow(/CEP_PROVIDER/);
  });
});

describe('BrasilAPI', () => {
  it('reads its 404 as an unknown CEP and a 5xx as a failure', async () => {
    const unknown = recordingFetch(() => json({ message: 'not found' }, 404));
    expect(
      await brasilApiProvider({ urlTemplate: 'https://b.example/{cep}', fetch: unknown.fetch }).lookup(
        '99999999',
      ),
    ).toBe(null);
    const down = recordingFetch(() => json({}, 502));
    await expect(
      brasilApiProvider({ urlTemplate: 'https://b.example/{cep}', fetch: down.fetch }).lookup('01001000'),
    ).rejects.toBeInstanceOf(CepProviderError);
  });
});

describe('a provider that just failed', () => {
  it('is left alone for the pause, so shoppers do not each wait out its time-out', async () => {
    let calls = 0;
    let clock = 0;
    const failing: CepProvider = {
      name: 'down.example',
      lookup: () => {
        calls += 1;
        return Promise.reject(new CepProviderError('timeout', 'down.example did not answer'));
      },
    };
    const provider = pausingAfterFailure(failing, { pauseMs: 30_000, now: () => clock });
    await expect(provider.lookup('01001000')).rejects.toBeInstanceOf(CepProviderError);
    clock = 29_999;
    await expect(provider.lookup('01001000')).rejects.toBeInstanceOf(CepProviderError);
    expect(calls).toBe(1);
    clock = 30_000;
    await expect(provider.lookup('01001000')).rejects.toBeInstanceOf(CepProviderError);
    expect(calls).toBe(2);
  });
});
