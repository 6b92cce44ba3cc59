import { Hono } from 'hono';
import { cepSchema, type CepAddress } from '../../contract/address-lookup.ts';
import { CepProviderError } from '../address/cep-provider.ts';
import { cepProviderFor } from '../address/cep-provider-choice.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { rateLimitSubject } from '../rate-limit/rate-limit-subject.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { hitAll } from '../rate-limit/rate-limit.ts';

/** Known answers kept in memory: an address does not move, and shoppers of one shop share CEPs. */
const CACHE_SIZE = 2_000;

/**
 * `GET /api/cep/{cep}`: the address of a CEP, so the payment forms fill street, neighbourhood, city and
 * UF. Public (it moves no money) and limited per client address like the fee simulation, since a
 * provider may be paid per call or throttle us. Its failures are never the shopper's problem: every
 * answer but 200 means "type it yourself", and the browser never waits long for it.
 */
export function addressLookupRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const policy = resolvePolicy(deps);
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);
  // CEP_PROVIDER (address/cep-provider-choice.ts): a real provider with a real gateway, else the dataset.
  const provider = deps.cepProvider ?? cepProviderFor(deps.env);
  const cache = new Map<string, CepAddress | null>();
  const remember = (cep: string, answer: CepAddress | null) => {
    if (cache.size >= CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(cep, answer);
  };

  routes.get('/:cep', async (c) => {
    const verdict = await hitAll(
      deps.db,
      [{ key: `cep:${rateLimitSubject(clientAddress(c, trust))}`, limit: policy.cepLookupsPerAddress }],
      deps.now(),
    );
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return apiError(c, 429, 'Too many address lookups. Type the address instead.', 'rate_limited');
    }
    const cep = c.req.param('cep');
    if (!cepSchema.safeParse(cep).success) {
      return apiError(c, 400, 'A CEP is 8 digits.', 'invalid_request', 'cep');
    }
    // Turned off (CEP_PROVIDER=off): the shopper types the address; the page hears "not known".
    if (!provider) return apiError(c, 404, 'The address lookup is off. Type the address.', 'cep_lookup_off');
    let answer = cache.get(cep);
    if (answer === undefined) {
      try {
        answer = await provider.lookup(cep);
      } catch (error) {
        if (!(error instanceof CepProviderError)) throw error;
        deps.log.warn('CEP lookup failed', { provider: provider.name, kind: error.kind });
        return apiError(c, 503, 'The address lookup is not available. Type the address.', 'cep_unavailable');
      }
      remember(cep, answer);
    }
    if (answer === null) return apiError(c, 404, 'No address is known for this CEP.', 'cep_not_found', 'cep');
    return c.json(answer);
  });
  return routes;
}
