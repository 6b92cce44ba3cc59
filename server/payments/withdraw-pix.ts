import type { AppDeps } from '../app-deps.ts';
import { moveAttempt, payableAttempt } from './attempt-repository.ts';
import { ATTEMPT } from './state-machine.ts';

/**
 * Card after PIX (docs/decisions/222-card-after-pix.md): the shopper chose to pay by card while a PIX code
 * of the session can still be paid. The spec has no way to cancel a PIX charge, so the code is withdrawn
 * here — `waiting_payment` → `withdrawn`, with its history row — and no longer blocks the card; it is still
 * followed, and if the shopper's bank pays it anyway the later of the two payments is refunded
 * (refund-duplicate.ts). Answers whether a code was withdrawn.
 */
export async function withdrawOpenPix(deps: AppDeps, sessionId: string): Promise<boolean> {
  const open = await payableAttempt(deps.db, sessionId);
  if (open?.paymentMethod !== 'pix' || open.status !== 'waiting_payment') return false;
  const withdrawn = await moveAttempt(deps.db, {
    attemptId: open.id,
    from: 'waiting_payment',
    to: ATTEMPT.withdrawn,
    source: 'shopper',
    at: deps.now(),
    detail: { transaction_id: open.transactionId, reason: 'card_chosen' },
  });
  if (withdrawn)
    deps.log.info('PIX code withdrawn: the shopper pays by card', {
      sessionId,
      attemptId: open.id,
      transactionId: open.transactionId,
    });
  return withdrawn;
}
