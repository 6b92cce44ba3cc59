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

/** BrasilAPI's answer (`/api/cep/v1/{cep}`): English keys; an unknown CEP is a 404. */
const brasilApiAnswerSchema = z.looseObject({
  cep: z.string(),
  state: z.string(),
  city: z.string(),
  neighborhood: z.optional(z.nullable(z.string())),
  street: z.optional(z.nullable(z.string())),
});

export interface ViaCepOptions {
  /** `https://viacep.com.br/ws/{cep}/json/`, or any provider answering the same JSON. */
  urlTemplate: string;
  /** Short: a lookup that does not come back in time is one the shopper types themselves. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface BrasilApiOptions {
  /** `https://brasilapi.com.br/api/cep/v1/{cep}`, or any provider answering the same JSON. */
  urlTemplate: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface AnsweredFields {
  cep: string;
  street?: string | null | undefined;
  neighborhood?: string | null | undefined;
  city: string;
  state: string;
}

/** How one provider's JSON reads: its fields, null for "unknown CEP", undefined for an unknown shape. */
interface ProviderDialect {
  /** The provider says "unknown CEP" with a 404 (else any non-2xx is a failure). */
  unknownOn404: boolean;
  read(body: unknown): AnsweredFields | null | undefined;
}

/** A provider answering JSON at `urlTemplate`; every failure is a CepProviderError, never the shopper's. */
function jsonCepProvider(
  { urlTemplate, timeoutMs = 2_500, fetch: get = fetch }: ViaCepOptions,
  dialect: ProviderDialect,
): CepProvider {
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
      if (response.status === 404 && dialect.unknownOn404) return null;
      // ViaCEP answers 400 to a malformed CEP; ours are checked before, so any other non-2xx is a failure.
      if (!response.ok) throw new CepProviderError('status', `${name} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new CepProviderError('invalid-response', `${name} answered something that is not JSON`);
      }
      const fields = dialect.read(body);
      if (fields === undefined)
        throw new CepProviderError('invalid-response', `${name} answered an unknown shape`);
      if (fields === null) return null;
      const address = cepAddressSchema.safeParse({
        cep: fields.cep.replace(/\D/g, ''),
        street: (fields.street ?? '').trim(),
        neighborhood: (fields.neighborhood ?? '').trim(),
        city: fields.city.trim(),
        state: fields.state.trim().toUpperCase(),
      });
      // An answer about another CEP is not an answer about this one.
      if (!address.success || address.data.cep !== cep)
        throw new CepProviderError('invalid-response', `${name} answered an address that does not fit`);
      return address.data;
    },
  };
}

/** Any ViaCEP-compatible provider, chosen by configuration (CEP_PROVIDER_URL). */
export function viaCepProvider(options: ViaCepOptions): CepProvider {
  return jsonCepProvider(options, {
    unknownOn404: false,
    read(body) {
      const parsed = viaCepAnswerSchema.safeParse(body);
      if (!parsed.success) return undefined;
      if ('erro' in parsed.data) return null;
      const { cep, logradouro, bairro, localidade, uf } = parsed.data;
      return { cep, street: logradouro, neighborhood: bairro, city: localidade, state: uf };
    },
  });
}

/** BrasilAPI (which itself asks several sources), chosen with CEP_PROVIDER=brasilapi. */
export function brasilApiProvider(options: BrasilApiOptions): CepProvider {
  return jsonCepProvider(options, {
    unknownOn404: true,
    read(body) {
      const parsed = brasilApiAnswerSchema.safeParse(body);
      return parsed.success ? parsed.data : undefined;
    },
  });
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
