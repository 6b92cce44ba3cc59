import type { ServerEnv } from '../env.ts';
import { datasetCepProvider } from '../mock-gateway/mock-cep-provider.ts';
import { brasilApiProvider, pausingAfterFailure, viaCepProvider, type CepProvider } from './cep-provider.ts';

export const VIACEP_URL = 'https://viacep.com.br/ws/{cep}/json/';
export const BRASILAPI_URL = 'https://brasilapi.com.br/api/cep/v1/{cep}';

/**
 * CEP_PROVIDER (docs/operators/shop-identity-and-cep.md): `viacep`, `brasilapi`, `dataset` (a small list
 * of real CEPs, no network), `off`, or the URL of a ViaCEP-compatible provider with `{cep}` in it.
 * Unset: `viacep` with a real gateway (GATEWAY_URL set: live shoppers), `dataset` on the mock gateway
 * (try-outs, designers and tests never reach the network). CEP_PROVIDER_URL is the older name of a URL.
 * `null`: no lookup; the shopper types the address.
 */
export function cepProviderFor(
  env: Pick<ServerEnv, 'CEP_PROVIDER' | 'CEP_PROVIDER_URL' | 'GATEWAY_URL'>,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): CepProvider | null {
  const choice = env.CEP_PROVIDER ?? env.CEP_PROVIDER_URL ?? (env.GATEWAY_URL ? 'viacep' : 'dataset');
  switch (choice) {
    case 'off':
      return null;
    case 'dataset':
      return datasetCepProvider();
    case 'brasilapi':
      return pausingAfterFailure(brasilApiProvider({ urlTemplate: BRASILAPI_URL, ...options }));
    case 'viacep':
      return pausingAfterFailure(viaCepProvider({ urlTemplate: VIACEP_URL, ...options }));
    default:
      return pausingAfterFailure(viaCepProvider({ urlTemplate: choice, ...options }));
  }
}
