import { readInstallmentSchedule, type Installment } from '../../contract/gateway/installments.ts';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import { writeEvents, type NewMerchantEvent } from '../events/outbox.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { random128 } from '../platform/random-id.ts';
import { attemptById } from '../payments/attempt-repository.ts';
import { meter } from '../rate-limit/metering.ts';
import { calendarDayOf, saoPauloDay } from './receivable-dates.ts';
import { nextReceivableStatus, receivableStatusOf } from './receivable-machine.ts';
import {
  claimDueReads,
  enrolChangedPayments,
  receivablesOfAttempt,
  releaseRead,
  scheduleNextRead,
  scheduleRetry,
  upsertReceivables,
  type ReceivableRow,
  type ReceivableWrite,
} from './receivable-repository.ts';
import { receivableView } from './receivable-view.ts';

export interface ReceivablesPolicy {
  batchSize: number;
  leaseMs: number;
  /** Back-off after a failed read: first delay, doubling, capped. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** However far the next installment is, the gateway is asked again at least this often (a chargeback, a moved date). */
  maxIntervalMs: number;
  /** And never more often than this while an installment is due and not reported paid yet. */
  overdueIntervalMs: number;
  /** A card payment whose gateway shows no schedule is asked this many times, a day apart, then left. */
  absentReads: number;
}

/** The schedule of docs/decisions/321-receivables-read-schedule.md. */
export const DEFAULT_RECEIVABLES_POLICY: ReceivablesPolicy = {
  batchSize: 20,
  leaseMs: 60_000,
  firstRetryMs: 60_000,
  maxRetryMs: 6 * 3_600_000,
  maxIntervalMs: 7 * 86_400_000,
  overdueIntervalMs: 6 * 3_600_000,
  absentReads: 7,
};

type ReadDeps = Pick<AppDeps, 'db' | 'gateway' | 'now' | 'log' | 'policy'>;

/** 09:00 in São Paulo (12:00 UTC; Brazil keeps no summer time) of a calendar day: when a day's payouts are in. */
function morningOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

type Planned = { kind: 'rows'; rows: ReceivableWrite[]; absent: boolean } | { kind: 'failed'; error: string };

/** What the gateway says now (card), or what our record says (PIX, boleto: one receivable, fee unknown). */
async function plan(
  deps: ReadDeps,
  attempt: PaymentAttemptRow,
  stored: readonly ReceivableRow[],
): Promise<Planned> {
  const byNumber = new Map(stored.map((row) => [row.installment, row]));
  const now = deps.now();
  const write = (
    number: number,
    count: number,
    values: Pick<
      ReceivableWrite,
      'expectedOn' | 'grossAmount' | 'feeAmount' | 'netAmount' | 'gatewayStatus'
    > & {
      read: ReturnType<typeof receivableStatusOf>;
    },
  ): ReceivableWrite => {
    const before = byNumber.get(number);
    const status = before ? nextReceivableStatus(before.status, values.read) : values.read;
    return {
      id: before?.id ?? `rcv_${random128()}`,
      attemptId: attempt.id,
      installment: number,
      installments: count,
      paymentMethod: attempt.paymentMethod,
      cardBrand: attempt.cardBrand?.toLowerCase() ?? null,
      expectedOn: values.expectedOn,
      grossAmount: values.grossAmount,
      feeAmount: values.feeAmount,
      netAmount: values.netAmount,
      status,
      gatewayStatus: values.gatewayStatus,
      paidAt: before?.paidAt ?? (status === 'paid' ? now : null),
    };
  };

  if (attempt.paymentMethod !== 'credit_card') {
    // PIX and boleto: the money is the merchant's on the day it was paid; the gateway gives no fee for them.
    const gross = Math.max(0, attempt.capturedAmount - attempt.refundedAmount);
    const day = saoPauloDay(attempt.paidAt ?? attempt.updatedAt);
    const read = gross === 0 ? 'canceled' : 'paid';
    return {
      kind: 'rows',
      absent: false,
      rows: [
        write(1, 1, {
          expectedOn: day,
          grossAmount: gross === 0 ? attempt.capturedAmount : gross,
          feeAmount: null,
          netAmount: null,
          gatewayStatus: null,
          read,
        }),
      ],
    };
  }
  if (attempt.transactionId === null) return { kind: 'rows', rows: [], absent: true };
  let schedule: Installment[] | null;
  try {
    const reply = await deps.gateway.transactionInstallments(attempt.transactionId);
    schedule = readInstallmentSchedule(reply.data);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Absent is not a failure (decision 253); a gateway that does not answer is, and is asked again later.
    if (error.kind === 'not-found' || error.kind === 'invalid-response' || error.kind === 'integration')
      schedule = null;
    else return { kind: 'failed', error: `${error.kind}: ${error.message}` };
  }
  if (schedule === null) return { kind: 'rows', rows: [], absent: true };
  const count = Math.max(schedule.length, attempt.installments);
  const fallbackDay = saoPauloDay(attempt.paidAt ?? attempt.updatedAt);
  const rows = schedule.map((entry) => {
    const fee = entry.fee ?? (entry.net_amount === null ? null : entry.amount - entry.net_amount);
    const net = entry.net_amount ?? (entry.fee === null ? null : entry.amount - entry.fee);
    return write(entry.number, count, {
      expectedOn: calendarDayOf(entry.due_date) ?? byNumber.get(entry.number)?.expectedOn ?? fallbackDay,
      grossAmount: entry.amount,
      feeAmount: fee,
      netAmount: net,
      gatewayStatus: entry.status,
      read: receivableStatusOf(entry.status),
    });
  });
  // An installment the gateway no longer lists is gone (a refund folded it away): canceled, not deleted.
  const listed = new Set(schedule.map((entry) => entry.number));
  for (const before of stored) {
    if (listed.has(before.installment)) continue;
    rows.push({
      ...before,
      status: nextReceivableStatus(before.status, 'canceled'),
    });
  }
  return { kind: 'rows', rows, absent: false };
}

function nextReadAt(
  rows: readonly ReceivableWrite[],
  absent: boolean,
  readCount: number,
  now: Date,
  policy: ReceivablesPolicy,
): Date | null {
  if (absent) return readCount < policy.absentReads ? new Date(now.getTime() + 86_400_000) : null;
  const open = rows.filter((row) => row.status === 'expected').map((row) => row.expectedOn);
  if (open.length === 0) return null;
  const earliest = morningOf(open.sort()[0] ?? saoPauloDay(now));
  const latest = now.getTime() + policy.maxIntervalMs;
  const soonest = now.getTime() + policy.overdueIntervalMs;
  return new Date(Math.min(latest, Math.max(soonest, earliest.getTime())));
}

/** One payment's read: the gateway asked (cards), the rows and their `receivable.paid` events written together. */
async function readOne(
  deps: ReadDeps,
  claim: { attemptId: string; attemptUpdatedAt: Date; failures: number; readCount: number },
  policy: ReceivablesPolicy,
): Promise<'read' | 'failed'> {
  const attempt = await attemptById(deps.db, claim.attemptId);
  if (!attempt) return 'failed';
  const stored = await receivablesOfAttempt(deps.db, attempt.id);
  const planned = await plan(deps, attempt, stored);
  const now = deps.now();
  if (planned.kind === 'failed') {
    const failures = claim.failures + 1;
    const delay = Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.min(20, claim.failures));
    await scheduleRetry(deps.db, attempt.id, {
      nextReadAt: new Date(now.getTime() + delay),
      failures,
      error: planned.error,
      at: now,
    });
    deps.log.warn('receivables: the gateway did not answer', { attemptId: attempt.id, failures });
    return 'failed';
  }
  const before = new Map(stored.map((row) => [row.installment, row.status]));
  const newlyPaid = planned.rows.filter(
    (row) => row.status === 'paid' && before.get(row.installment) !== 'paid',
  );
  const readCount = claim.readCount + 1;
  await deps.db.transaction(async (tx) => {
    await upsertReceivables(tx, planned.rows, now);
    if (newlyPaid.length > 0) {
      const written = await receivablesOfAttempt(tx, attempt.id);
      const events: NewMerchantEvent[] = written
        .filter((row) => newlyPaid.some((paid) => paid.installment === row.installment))
        .map((row) => ({
          type: 'receivable.paid',
          object: receivableView(row),
          sessionId: attempt.sessionId,
          attemptId: attempt.id,
        }));
      await writeEvents(tx, events, now);
    }
    await scheduleNextRead(tx, attempt.id, {
      nextReadAt: nextReadAt(planned.rows, planned.absent, readCount, now, policy),
      attemptSeenAt: claim.attemptUpdatedAt,
      readCount,
      at: now,
    });
  });
  return 'read';
}

/**
 * One pass of the receivables job (docs/decisions/321-receivables-read-schedule.md): captured payments without
 * a schedule, or changed since their last read, become due; due ones are claimed (SKIP LOCKED and a lease, so
 * instances share the work and never read one payment twice at once), each card read metered across instances,
 * and their receivables written with a `receivable.paid` event for each newly paid one. A gateway that does not
 * answer costs a back-off, never the rows already kept.
 */
export async function readReceivablesOnce(
  deps: ReadDeps,
  overrides: Partial<ReceivablesPolicy> = {},
): Promise<{ claimed: number; read: number; failed: number; deferred: number }> {
  const policy = { ...DEFAULT_RECEIVABLES_POLICY, ...overrides };
  const now = deps.now();
  await enrolChangedPayments(deps.db, now);
  const claims = await claimDueReads(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + policy.leaseMs),
    limit: policy.batchSize,
  });
  const tally = { claimed: claims.length, read: 0, failed: 0, deferred: 0 };
  let metered = true;
  for (const claim of claims) {
    if (metered) {
      const verdict = await meter(deps.db, deps.policy, { kind: 'receivables-job' }, 'job', deps.now());
      metered = verdict.allowed;
    }
    if (!metered) {
      // Over the pace: the rest of the batch goes back, due at once, for a later pass.
      await releaseRead(deps.db, claim.attemptId);
      tally.deferred += 1;
      continue;
    }
    try {
      const outcome = await readOne(deps, claim, policy);
      tally[outcome] += 1;
    } catch (error) {
      tally.failed += 1;
      deps.log.error('receivables: a read failed', { attemptId: claim.attemptId, error: String(error) });
    }
  }
  return tally;
}
