import { Hono } from 'hono';
import { cepSchema } from '../../contract/address-lookup.ts';
import { cepLookup } from '../address/lookup-cep.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';

/**
 * `GET /api/cep/{cep}` (mounted at `/api/cep`): the address of a CEP (address/lookup-cep.ts). Public (it
 * moves no money) and limited per client address; every answer but 200 means "type it yourself", and the
 * browser never waits long for it.
 */
export function addressLookupRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const lookup = cepLookup(deps, deps.policy);
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/:cep', async (c) => {
    const cep = cepSchema.safeParse(c.req.param('cep'));
    const outcome = await lookup({
      cep: cep.success ? cep.data : undefined,
      clientAddress: clientAddress(c, trust),
    });
    switch (outcome.kind) {
      case 'found':
        return c.json(outcome.address);
      case 'rate-limited':
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        return apiError(c, 429, 'Too many address lookups. Type the address instead.', 'rate_limited');
      case 'bad-cep':
        return apiError(c, 400, 'A CEP is 8 digits.', 'invalid_request', 'cep');
      case 'off':
        return apiError(c, 404, 'The address lookup is off. Type the address.', 'cep_lookup_off');
      case 'unavailable':
        return apiError(c, 503, 'The address lookup is not available. Type the address.', 'cep_unavailable');
      case 'not-found':
        return apiError(c, 404, 'No address is known for this CEP.', 'cep_not_found', 'cep');
    }
  });
  return routes;
}
