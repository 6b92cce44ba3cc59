import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupCep } from './cep-lookup.ts';

const PAULISTA = {
  cep: '01310100',
  street: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the browser CEP lookup', () => {
  it("asks the checkout server's /cep/{digits} and returns the address", async () => {
    const fetchMock = answer(200, PAULISTA);
    expect(await lookupCep('01310100', { baseUrl: '/api' })).toEqual(PAULISTA);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/cep/01310100');
  });

  it('returns undefined, never throws, for every way it can fail', async () => {
    answer(404, { errors: [] });
    expect(await lookupCep('99999999')).toBeUndefined();
    answer(200, { ...PAULISTA, state: 'São Paulo' });
    expect(await lookupCep('01310100')).toBeUndefined();
    answer(200, { ...PAULISTA, cep: '01310200' });
    expect(await lookupCep('01310100')).toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(await lookupCep('01310100')).toBeUndefined();
  });

  it('asks nothing for a CEP that is not 8 digits', async () => {
    const fetchMock = answer(200, PAULISTA);
    expect(await lookupCep('0131010')).toBeUndefined();
    expect(await lookupCep('01310-100')).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
