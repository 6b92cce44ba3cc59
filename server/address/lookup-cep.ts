import type { CepAddress } from '../../contract/address-lookup.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ResolvedPolicy } from '../payments/policy.ts';
import { meter } from '../rate-limit/metering.ts';
import { CepProviderError, type CepProvider } from './cep-provider.ts';
import { cepProviderFor } from './cep-provider-choice.ts';

/** Known answers kept in memory: an address does not move, and shoppers of one shop share CEPs. */
const CACHE_SIZE = 2_000;

export type CepLookupOutcome =
  | { kind: 'found'; address: CepAddress }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** Not 8 digits (counted all the same). */
  | { kind: 'bad-cep' }
  /** Turned off (CEP_PROVIDER=off): the shopper types the address. */
  | { kind: 'off' }
  | { kind: 'unavailable' }
  | { kind: 'not-found' };

export type CepLookup = (input: {
  /** Undefined when what was asked is not a CEP. */
  cep: string | undefined;
  clientAddress: string;
}) => Promise<CepLookupOutcome>;

/**
 * The address of a CEP, so the payment forms fill street, neighbourhood, city and UF. Metered per client
 * address (a provider may be paid per call or throttle us); answers cached in memory. Its failures are
 * never the shopper's problem: anything but `found` means "type it yourself".
 */
export function cepLookup(deps: AppDeps, policy: ResolvedPolicy): CepLookup {
  // CEP_PROVIDER (address/cep-provider-choice.ts): a real provider with a real gateway, else the dataset.
  const provider: CepProvider | null = deps.cepProvider ?? cepProviderFor(deps.env);
  const cache = new Map<string, CepAddress | null>();
  const remember = (cep: string, answer: CepAddress | null) => {
    if (cache.size >= CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(cep, answer);
  };
  return async ({ cep, clientAddress }) => {
    const verdict = await meter(deps.db, policy, { kind: 'cep-lookup' }, clientAddress, deps.now());
    if (!verdict.allowed) return { kind: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
    if (cep === undefined) return { kind: 'bad-cep' };
    if (!provider) return { kind: 'off' };
    let answer = cache.get(cep);
    if (answer === undefined) {
      try {
        answer = await provider.lookup(cep);
      } catch (error) {
        if (!(error instanceof CepProviderError)) throw error;
        deps.log.warn('CEP lookup failed', { provider: provider.name, kind: error.kind });
        return { kind: 'unavailable' };
      }
      remember(cep, answer);
    }
    return answer === null ? { kind: 'not-found' } : { kind: 'found', address: answer };
  };
}
