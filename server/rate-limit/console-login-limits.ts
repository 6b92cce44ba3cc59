import type { AppPolicy } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import { countHits, secondsToWindowEnd, takeBackHits, type RateRule } from './rate-limit.ts';
import { rateLimitSubject } from './rate-limit-subject.ts';

/**
 * The console log-in's limits (docs/decisions/284-console-login-failures-and-common-passwords.md): only failures
 * count — a wrong password, an unknown e-mail, a wrong two-step code — never a success. Per client address (any
 * account) and per account from one address, a failure past the limit is refused until the window ends. Per
 * account from every address the limit only paces: a stranger failing from many addresses slows each of their
 * addresses down, but cannot refuse the owner's right password from an address of their own.
 */
export type LoginAttempt =
  | {
      allowed: true;
      /** The attempt turned out not to be a failure: its hits are taken back. */
      notAFailure(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

function loginRules(policy: AppPolicy, email: string, address: string) {
  const subject = rateLimitSubject(address);
  const account = email.trim().toLowerCase();
  return {
    address: { key: `console-login:${subject}`, limit: policy.consoleLoginFailuresPerAddress },
    accountAddress: {
      key: `console-login-account-address:${account} ${subject}`,
      limit: policy.consoleLoginFailuresPerAccountAddress,
    },
    account: { key: `console-login-account:${account}`, limit: policy.consoleLoginFailuresPerAccount },
    paced: {
      key: `console-login-paced:${account} ${subject}`,
      limit: { max: 1, windowMs: policy.consoleLoginPaceMs },
    },
  } satisfies Record<string, RateRule>;
}

/**
 * Counts a log-in as a failure up front (so concurrent guesses are counted before any password is checked), then
 * decides: refused (its hits taken back: a refusal is not a failure), or allowed — and the caller takes the hits
 * back once the attempt turns out not to be a failure.
 */
export async function countLoginAttempt(
  db: Database,
  policy: AppPolicy,
  email: string,
  address: string,
  now: Date,
): Promise<LoginAttempt> {
  const rules = loginRules(policy, email, address);
  const all = Object.values(rules);
  const countOf = await countHits(db, all, now);
  const over = (rule: RateRule) => (countOf(rule.key) ?? 1) > rule.limit.max;
  // The account is paced once it had `max` failures before this one.
  const refusedBy =
    [rules.address, rules.accountAddress].find(over) ??
    (over(rules.account) && over(rules.paced) ? rules.paced : undefined);
  if (refusedBy) {
    await takeBackHits(db, all, now);
    return { allowed: false, retryAfterSeconds: secondsToWindowEnd(refusedBy.limit, now) };
  }
  return { allowed: true, notAFailure: () => takeBackHits(db, all, now) };
}
