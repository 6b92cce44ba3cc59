import type { AppDeps } from '../app-deps.ts';
import { attemptAndSessionPayment, updateAttempt } from './attempt-repository.ts';
import { operationsOf } from './operation-repository.ts';
import { runOperation } from './run-operation.ts';

/** A refund the gateway refused outright is asked again this many times (each time the payment is seen). */
const DUPLICATE_REFUND_TRIES = 3;
const KEY_PREFIX = 'duplicate:';
/** Reconciliation looks again after this long if the refund was never asked (a crash in between). */
const SAFETY_NET_MS = 60_000;

/**
 * The merchant never keeps two payments for one session (docs/decisions/222-card-after-pix.md), nor more
 * payments than a link's `max_payments` (docs/decisions/286-link-state-at-payment-begin.md): a payment
 * that took money on a session another attempt already completed — a PIX code the shopper gave up for a
 * card and paid anyway, or a card that went through while the withdrawn code was being paid — or on a
 * link's session that could not complete because the link's slots were paid for meanwhile, is
 * refunded in full, once across all instances (the key `duplicate:<failed tries so far>` is unique per
 * payment, as the automatic capture's is), and its `payment.refunded` says `refund_reason:
 * duplicate_payment`. Called whenever a payment is seen taking money (the first answer, a refresh, a
 * webhook, reconciliation), so a crash between the two is caught up by the next look.
 */
export async function refundIfDuplicate(deps: AppDeps, attemptId: string): Promise<void> {
  const found = await attemptAndSessionPayment(deps.db, attemptId);
  if (!found) return;
  const { attempt, paidAttemptId } = found;
  // A link's session that did not complete although its payment took money: the link's slots were paid
  // for by other sessions first (a PIX code paid after its hold: apply-change-repository.ts, decision 286).
  const overLinkLimit =
    paidAttemptId === null && found.paymentLinkId !== null && found.sessionStatus !== 'complete';
  if (!overLinkLimit && (paidAttemptId === null || paidAttemptId === attempt.id)) return;
  if (attempt.capturedAmount - attempt.refundedAmount <= 0) return;
  const ours = (await operationsOf(deps.db, attemptId)).filter(
    (op) => op.kind === 'refund' && op.idempotencyKey.startsWith(KEY_PREFIX),
  );
  // Asked already (on its way, pending or done): reconciliation settles it; never a second POST.
  if (ours.some((op) => op.status !== 'failed')) return;
  const log = deps.log.child({
    sessionId: attempt.sessionId,
    attemptId,
    paidAttemptId,
    ...(overLinkLimit ? { paymentLinkId: found.paymentLinkId } : {}),
  });
  if (ours.length >= DUPLICATE_REFUND_TRIES) {
    log.error('duplicate payment not refunded: the gateway refused every try', { tries: ours.length });
    return;
  }
  // The reason first: the refund's events are written when its answer is recorded, and carry it. And a
  // look by reconciliation soon, in case this process dies before the refund's intent is recorded.
  await updateAttempt(deps.db, attemptId, {
    refundReason: 'duplicate_payment',
    nextCheckAt: new Date(deps.now().getTime() + SAFETY_NET_MS),
  });
  const result = await runOperation(deps, {
    attemptId,
    kind: 'refund',
    amount: undefined,
    idempotencyKey: `${KEY_PREFIX}${String(ours.length)}`,
  });
  log.warn('duplicate payment refunded', {
    result: result.kind,
    amount: attempt.capturedAmount - attempt.refundedAmount,
  });
}
