import { GATEWAY_TIME_ZONE_SETTING } from '../../lib/build-env.ts';
import { parseGatewayDateTime } from './pix-expiry.ts';

export const DEFAULT_GATEWAY_TIME_ZONE = 'America/Sao_Paulo';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone in which the gateway writes `pix_expiration_date`
 * (docs/decisions/014-pix-countdown-and-polling.md). A build for a gateway elsewhere sets
 * `VITE_GATEWAY_TIME_ZONE`; a zone the browser does not know falls back to Sao Paulo.
 */
export function gatewayTimeZone(configured: unknown = GATEWAY_TIME_ZONE_SETTING): string {
  if (typeof configured === 'string' && configured !== '' && isTimeZone(configured)) return configured;
  return DEFAULT_GATEWAY_TIME_ZONE;
}

/** `pix_expiration_date` of a transaction as an instant in the gateway's zone. */
export function pixExpiresAt(expiration: string | null | undefined): number | undefined {
  return expiration ? parseGatewayDateTime(expiration, gatewayTimeZone()) : undefined;
}
