import type { AppPolicy } from '../app-deps.ts';
import type { RateRule } from './rate-limit.ts';

/**
 * The limits of anything that checks a card at the gateway — a payment, a card saved without paying:
 * per session and per client address, keyed by rateLimitSubject (an IPv6 /64, not the exact address).
 */
export function paymentRateRules(policy: AppPolicy, sessionId: string, subject: string): RateRule[] {
  return [
    { key: `address:${subject}`, limit: policy.attemptsPerAddress },
    { key: `session:${sessionId}`, limit: policy.attemptsPerSession },
  ];
}

/**
 * The limits of a shopper's fee simulation: per session (one page) and per client address (across
 * sessions), keyed by the same subject as payments (rateLimitSubject: an IPv6 /64, an IPv4 address).
 */
export function simulationRules(policy: AppPolicy, sessionId: string, subject: string): RateRule[] {
  return [
    { key: `simulate-session:${sessionId}`, limit: policy.simulationsPerSession },
    { key: `simulate:${subject}`, limit: policy.simulationsPerAddress },
  ];
}
