import type { AppDeps } from '../app-deps.ts';
import { moveAttempt, payableAttempt } from './attempt-repository.ts';
import { ATTEMPT } from './state-machine.ts';

/**
 * Card after PIX (docs/decisions/222-card-after-pix.md): the shopper chose to pay by card while a PIX code
 * of the session can still be paid. The spec has no way to cancel a PIX charge, so the code is withdrawn
 * here — `waiting_payment` → `withdrawn`, with its history row — and no longer blocks the card; it is still
 * followed, and if the shopper's bank pays it anyway the later of the two payments is refunded
 * (refund-duplicate.ts). An open boleto is withdrawn the same way for a card or a PIX code. Answers whether
 * anything was withdrawn.
 */
export async function withdrawOpenPix(
  deps: AppDeps,
  sessionId: string,
  chosen: 'credit_card' | 'pix' = 'credit_card',
): Promise<boolean> {
  const open = await payableAttempt(deps.db, sessionId);
  if (open?.status !== 'waiting_payment') return false;
  // An open boleto gives way to a card or a PIX code (it may take days to pay: the shopper may change
  // their mind; docs/decisions/231-boleto-lifecycle.md); an open PIX code only to a card.
  const givesWay =
    open.paymentMethod === 'boleto' || (open.paymentMethod === 'pix' && chosen === 'credit_card');
  if (!givesWay) return false;
  const withdrawn = await moveAttempt(deps.db, {
    attemptId: open.id,
    from: 'waiting_payment',
    to: ATTEMPT.withdrawn,
    source: 'shopper',
    at: deps.now(),
    detail: { transaction_id: open.transactionId, reason: chosen === 'pix' ? 'pix_chosen' : 'card_chosen' },
  });
  if (withdrawn)
    deps.log.info('open payment withdrawn: the shopper pays another way', {
      paymentMethod: open.paymentMethod,
      chosen,
      sessionId,
      attemptId: open.id,
      transactionId: open.transactionId,
    });
  return withdrawn;
}
