import type { GatewayError } from './gateway-error.ts';

/**
 * Told by the error's name, not `instanceof`: the class (and the redaction it runs) loads with the
 * gateway client, after the first paint, while the forms that catch its errors are on the first load.
 * Only GatewayError sets this name.
 */
export function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof Error && error.name === 'GatewayError';
}
