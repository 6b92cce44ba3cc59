import type { AppPolicy, WindowLimit } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import { hitAll, type RateRule, type RateVerdict } from './rate-limit.ts';
import { rateLimitSubject } from './rate-limit-subject.ts';

/**
 * Every limit the server counts, in one place: what each metered use costs, keyed by rateLimitSubject
 * (an IPv6 /64, an IPv4 address) and, for a shopper's session, by the session too. Each request is
 * counted once, by `meter` — or, for a payment that gets as far as beginning its attempt, in that
 * attempt's statement (payments/begin-attempt.ts), with the same rules. A console log-in counts its failures
 * only: server/rate-limit/console-login-limits.ts.
 */
export type MeteredUse =
  /** Anything that checks a card at the gateway: a payment, a card saved without paying. */
  | { kind: 'payment'; sessionId: string }
  /** A shopper's fee simulation, on one session's page. */
  | { kind: 'session-simulation'; sessionId: string }
  /** The fee simulator page's simulation (a merchant tool, no session). */
  | { kind: 'simulation' }
  | { kind: 'cep-lookup' }
  | { kind: 'link-visit' }
  /** A logged-in user typing their password again for a sensitive change: per user, right or wrong. */
  | { kind: 'console-reauth'; userId: string }

  /** A merchant API read that asks the gateway (a payment's installment schedule), per key. */
  | { kind: 'merchant-gateway-read'; keyId: string }
  /** The same gateway read from the console: per logged-in user (no key there), and per address. */
  | { kind: 'console-gateway-read'; userId: string }
  /** A webhook endpoint's test event (an outbound POST at once), from the merchant API: per key and address. */
  | { kind: 'merchant-test-event'; keyId: string }
  /** The same from the console: per logged-in user and address. */
  | { kind: 'console-test-event'; userId: string }
  /** The receivables job's installment reads, counted across every instance (no client, no address). */
  | { kind: 'receivables-job' }
  /** The console's anticipation simulation: one per gateway call it makes, per logged-in user and address. */
  | { kind: 'console-anticipation'; userId: string };

/** Each "Continue" on a payment link's page writes a session: a generous bound per address keeps a script from filling the table. */
const LINK_VISITS_PER_ADDRESS: WindowLimit = { max: 120, windowMs: 10 * 60_000 };

/**
 * Password (and code) typed again for a change: enough for an owner managing a team in one sitting, too few for a
 * stolen session cookie to guess the password behind it.
 */
const CONSOLE_REAUTHS: WindowLimit = { max: 20, windowMs: 15 * 60_000 };

/** A console or a shop backend reading schedules: generous, but a loop cannot spend the gateway token. */
const MERCHANT_GATEWAY_READS: WindowLimit = { max: 600, windowMs: 10 * 60_000 };

/**
 * Test events: a merchant checking an endpoint sends a few a minute; a loop cannot make the server a POST
 * cannon against someone's URL. Per address too, so extra keys or users do not multiply it.
 */
const TEST_EVENTS: WindowLimit = { max: 30, windowMs: 10 * 60_000 };
const TEST_EVENTS_PER_ADDRESS: WindowLimit = { max: 60, windowMs: 10 * 60_000 };

/**
 * The receivables job's reads of the gateway, all instances together (docs/decisions/321-receivables-read-schedule.md):
 * a backlog (a first start on a year of payments) drains at this pace instead of spending the token at once.
 */
export const RECEIVABLES_JOB_READS: WindowLimit = { max: 120, windowMs: 60_000 };
/** Anticipation simulations: a console user choosing ranges makes a few a minute; each costs up to a few calls. */
const ANTICIPATION_SIMULATIONS: WindowLimit = { max: 120, windowMs: 10 * 60_000 };

export function meteringRules(policy: AppPolicy, use: MeteredUse, address: string): RateRule[] {
  const subject = rateLimitSubject(address);
  switch (use.kind) {
    case 'payment':
      return [
        { key: `address:${subject}`, limit: policy.attemptsPerAddress },
        { key: `session:${use.sessionId}`, limit: policy.attemptsPerSession },
      ];
    case 'session-simulation':
      return [
        { key: `simulate-session:${use.sessionId}`, limit: policy.simulationsPerSession },
        { key: `simulate:${subject}`, limit: policy.simulationsPerAddress },
      ];
    case 'simulation':
      return [{ key: `simulate:${subject}`, limit: policy.simulationsPerAddress }];
    case 'cep-lookup':
      return [{ key: `cep:${subject}`, limit: policy.cepLookupsPerAddress }];
    case 'link-visit':
      return [{ key: `link-visit:${subject}`, limit: LINK_VISITS_PER_ADDRESS }];
    case 'console-reauth':
      return [{ key: `console-reauth:${use.userId}`, limit: CONSOLE_REAUTHS }];
    case 'merchant-gateway-read':
      return [
        { key: `merchant-read:${use.keyId}`, limit: MERCHANT_GATEWAY_READS },
        { key: `merchant-read-address:${subject}`, limit: MERCHANT_GATEWAY_READS },
      ];
    case 'console-gateway-read':
      return [
        { key: `console-read:${use.userId}`, limit: MERCHANT_GATEWAY_READS },
        { key: `merchant-read-address:${subject}`, limit: MERCHANT_GATEWAY_READS },
      ];
    case 'merchant-test-event':
      return [
        { key: `test-event-key:${use.keyId}`, limit: TEST_EVENTS },
        { key: `test-event-address:${subject}`, limit: TEST_EVENTS_PER_ADDRESS },
      ];
    case 'console-test-event':
      return [
        { key: `test-event-user:${use.userId}`, limit: TEST_EVENTS },
        { key: `test-event-address:${subject}`, limit: TEST_EVENTS_PER_ADDRESS },
      ];
    case 'receivables-job':
      return [{ key: 'receivables-job', limit: RECEIVABLES_JOB_READS }];
    case 'console-anticipation':
      return [
        { key: `anticipation-user:${use.userId}`, limit: ANTICIPATION_SIMULATIONS },
        { key: `merchant-read-address:${subject}`, limit: MERCHANT_GATEWAY_READS },
      ];
  }
}

/** Counts one request of this use from this client address: allowed, or how long to wait. */
export function meter(
  db: Database,
  policy: AppPolicy,
  use: MeteredUse,
  address: string,
  now: Date,
): Promise<RateVerdict> {
  return hitAll(db, meteringRules(policy, use, address), now);
}
