import type { WindowLimit } from '../app-deps.ts';
import type { Database } from '../db/database.ts';
import { deleteHitsBefore, hitsUpsertText, takeBackHitsIn, upsertHitsIn } from './rate-limit-repository.ts';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateRule {
  key: string;
  limit: WindowLimit;
}

/** Rows this much older than now are no use to any window; swept now and then by the hits themselves. */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60_000;
const SWEEP_EVERY = 200;

function windowStartMs(limit: WindowLimit, now: Date): number {
  return Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
}

/**
 * The upsert that counts one hit for every rule (`count + 1`, returning `key, count`), as constant text whose
 * parameters start at `$first`, and its parameters, so a caller can put it in a CTE of its own statement
 * (begin-attempt.ts counts a payment and records it in one round trip). `rules` must not be empty.
 */
export function countHitsText(
  rules: readonly RateRule[],
  now: Date,
  first = 1,
): { text: string; params: string[] } {
  return { text: hitsUpsertText(rules.length, first), params: windowsOf(rules, now) };
}

/** Each rule's key and the start of its window holding `now` (ISO text), in pairs. */
function windowsOf(rules: readonly RateRule[], now: Date): string[] {
  const params: string[] = [];
  for (const rule of rules) params.push(rule.key, new Date(windowStartMs(rule.limit, now)).toISOString());
  return params;
}

/** The first rule whose counted hits are over its limit answers; a rule without a count had one hit. */
export function rateVerdict(
  rules: readonly RateRule[],
  countOf: (key: string) => number | undefined,
  now: Date,
): RateVerdict {
  for (const rule of rules) {
    if ((countOf(rule.key) ?? 1) > rule.limit.max) {
      return { allowed: false, retryAfterSeconds: secondsToWindowEnd(rule.limit, now) };
    }
  }
  return { allowed: true };
}

/** A count column as either driver returns it (int4: a number; kept lenient for bigint strings). */
export function countOf(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const count = Number(value);
  return Number.isFinite(count) ? count : undefined;
}

/** Old windows are deleted by a hit now and then (no job to run); cheap with the window index. */
export async function maybeSweepHits(db: Database, now: Date): Promise<void> {
  if (Math.random() * SWEEP_EVERY < 1) {
    await deleteHitsBefore(db, new Date(now.getTime() - RATE_LIMIT_KEEP_MS));
  }
}

/** When the window of `limit` that holds `now` ends: what a refusal's Retry-After counts down to. */
export function secondsToWindowEnd(limit: WindowLimit, now: Date): number {
  const end = windowStartMs(limit, now) + limit.windowMs;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/**
 * One hit for every rule in one upsert (`count + 1`); answers each rule's count with this hit. `rules` must not
 * be empty.
 */
export async function countHits(
  db: Database,
  rules: readonly RateRule[],
  now: Date,
): Promise<(key: string) => number | undefined> {
  const rows = await upsertHitsIn(db, windowsOf(rules, now));
  await maybeSweepHits(db, now);
  return (key) => countOf(rows.find((row) => row.key === key)?.count);
}

/** Takes back the hits countHits counted for these rules at this `now` (the same windows), in one statement. */
export async function takeBackHits(db: Database, rules: readonly RateRule[], now: Date): Promise<void> {
  if (rules.length === 0) return;
  await takeBackHitsIn(db, windowsOf(rules, now));
}

/**
 * Fixed windows counted in the database, so the limits hold across every instance on one PostgreSQL: one
 * upsert for all the rules of a request (`count + 1`, the returned counts decide). The first rule over
 * its limit answers. A burst at a window's edge may get up to twice a limit — accepted for one statement
 * per request and no clock coordination.
 */
export async function hitAll(db: Database, rules: readonly RateRule[], now: Date): Promise<RateVerdict> {
  if (rules.length === 0) return { allowed: true };
  return rateVerdict(rules, await countHits(db, rules, now), now);
}
