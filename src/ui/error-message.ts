import type { GatewayErrorKind } from '../../contract/gateway/gateway-error-kind.ts';
import type { MessageKey } from '../i18n/messages.ts';

const KEY_OF_KIND: Record<GatewayErrorKind, MessageKey> = {
  network: 'error.network',
  timeout: 'error.timeout',
  integration: 'error.integration',
  unauthorized: 'error.unauthorized',
  'not-found': 'error.notFound',
  'invalid-response': 'error.invalidResponse',
  server: 'error.server',
};

/** Each kind of gateway failure has one message the shopper can act on. */
export function errorMessageKey(kind: GatewayErrorKind): MessageKey {
  return KEY_OF_KIND[kind];
}
