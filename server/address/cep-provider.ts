import * as z from 'zod/mini';
import { cepAddressSchema, type CepAddress } from '../../contract/address-lookup.ts';

/** Where the checkout asks for the address of a CEP. */
export interface CepProvider {
  /** For logs: `dataset` or the provider's host. */
  readonly name: string;
  /** The address, or null when the provider does not know the CEP. Throws `CepProviderError` when it fails. */
  lookup(cep: string): Promise<CepAddress | null>;
}

export class CepProviderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'status' | 'invalid-response',
    message: string,
  ) {
    super(message);
    this.name = 'CepProviderError';
  }
}

/**
 * ViaCEP's answer (`/ws/{cep}/json/`): Portuguese keys, `erro: true` (or `"true"`) for an unknown CEP.
 * Loose: the provider adds keys (ibge, ddd…) we do not need.
 */
const viaCepAnswerSchema = z.union([
  z.looseObject({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.looseObject({
    cep: z.string(),
    logradouro: z.optional(z.string()),
    bairro: z.optional(z.string()),
    localidade: z.string(),
    uf: z.string(),
  }),
]);

export interface ViaCepOptions {
  /** `https://viacep.com.br/ws/{cep}/json/`, or any provider answering the same JSON. */
  urlTemplate: string;
  /** Short: a lookup that does not come back in time is one the shopper types themselves. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Any ViaCEP-compatible provider, chosen by configuration (CEP_PROVIDER_URL). */
export function viaCepProvider({
  urlTemplate,
  timeoutMs = 2_500,
  fetch: get = fetch,
}: ViaCepOptions): CepProvider {
  const name = new URL(urlTemplate.replace('{cep}', '00000000')).host;
  return {
    name,
    async lookup(cep) {
      let response: Response;
      try {
        response = await get(urlTemplate.replace('{cep}', cep), {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (cause) {
        const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
        throw new CepProviderError(timedOut ? 'timeout' : 'unreachable', `${name} did not answer`);
      }
      // ViaCEP answers 400 to a malformed CEP; ours are checked before, so any non-2xx is a failure.
      if (!response.ok) throw new CepProviderError('status', `${name} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new CepProviderError('invalid-response', `${name} answered something that is not JSON`);
      }
      const parsed = viaCepAnswerSchema.safeParse(body);
      if (!parsed.success)
        throw new CepProviderError('invalid-response', `${name} answered an unknown shape`);
      if ('erro' in parsed.data) return null;
      const address = cepAddressSchema.safeParse({
        cep: parsed.data.cep.replace(/\D/g, ''),
        street: (parsed.data.logradouro ?? '').trim(),
        neighborhood: (parsed.data.bairro ?? '').trim(),
        city: parsed.data.localidade.trim(),
        state: parsed.data.uf.trim().toUpperCase(),
      });
      // An answer about another CEP is not an answer about this one.
      if (!address.success || address.data.cep !== cep)
        throw new CepProviderError('invalid-response', `${name} answered an address that does not fit`);
      return address.data;
    },
  };
}

/** BrasilAPI's answer (`/api/cep/v1/{cep}`): English keys; an unknown CEP is a 404. */
const brasilApiAnswerSchema = z.looseObject({
  cep: z.string(),
  state: z.string(),
  city: z.string(),
  neighborhood: z.optional(z.nullable(z.string())),
  street: z.optional(z.nullable(z.string())),
});

export interface BrasilApiOptions {
  /** `https://brasilapi.com.br/api/cep/v1/{cep}`, or any provider answering the same JSON. */
  urlTemplate: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** BrasilAPI (which itself asks several sources), chosen with CEP_PROVIDER=brasilapi. */
export function brasilApiProvider({
  urlTemplate,
  timeoutMs = 2_500,
  fetch: get = fetch,
}: BrasilApiOptions): CepProvider {
  const name = new URL(urlTemplate.replace('{cep}', '00000000')).host;
  return {
    name,
    async lookup(cep) {
      let response: Response;
      try {
        response = await get(urlTemplate.replace('{cep}', cep), {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (cause) {
        const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
        throw new CepProviderError(timedOut ? 'timeout' : 'unreachable', `${name} did not answer`);
      }
      if (response.status === 404) return null;
      if (!response.ok) throw new CepProviderError('status', `${name} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new CepProviderError('invalid-response', `${name} answered something that is not JSON`);
      }
      const parsed = brasilApiAnswerSchema.safeParse(body);
      if (!parsed.success)
        throw new CepProviderError('invalid-response', `${name} answered an unknown shape`);
      const address = cepAddressSchema.safeParse({
        cep: parsed.data.cep.replace(/\D/g, ''),
        street: (parsed.data.street ?? '').trim(),
        neighborhood: (parsed.data.neighborhood ?? '').trim(),
        city: parsed.data.city.trim(),
        state: parsed.data.state.trim().toUpperCase(),
      });
      if (!address.success || address.data.cep !== cep)
        throw new CepProviderError('invalid-response', `${name} answered an address that does not fit`);
      return address.data;
    },
  };
}

/**
 * After a failure the provider is left alone for `pauseMs`: while it is down, every shopper would
 * otherwise wait out the time-out before typing their address anyway. Failures during the pause are
 * the same quiet `unreachable`, without a request.
 */
export function pausingAfterFailure(
  provider: CepProvider,
  { pauseMs = 30_000, now = () => Date.now() }: { pauseMs?: number; now?: () => number } = {},
): CepProvider {
  let pausedUntil = 0;
  return {
    name: provider.name,
    async lookup(cep) {
      if (now() < pausedUntil)
        throw new CepProviderError('unreachable', `${provider.name} failed recently; not asked`);
      try {
        return await provider.lookup(cep);
      } catch (error) {
        if (error instanceof CepProviderError) pausedUntil = now() + pauseMs;
        throw error;
      }
    },
  };
}
