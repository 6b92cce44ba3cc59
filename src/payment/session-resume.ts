import type { PublicSession } from '../../contract/checkout-session.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { outcomeOf } from '../lib/transaction-status.ts';
import { startFromTransaction, type StartingValues } from '../shopper/restore-form.ts';

/**
 * What a session's page shows on load (reload, Back, a tab the phone discarded, the return from the
 * bank), so a shopper whose payment is under way never meets an empty form that invites a second one.
 */
export type Resume =
  /** Nothing under way: the payment form. */
  | { kind: 'form' }
  /** A PIX code (open, paid, expired or refused): the same code, countdown and polling as before. */
  | { kind: 'pix'; transaction: Transaction }
  /** The session's boleto (open, expired or paid): the same boleto, never a second one; checked where shown. */
  | { kind: 'boleto'; boleto: Record<string, unknown> }
  /** A card payment waiting for the shopper at the bank's 3DS page. */
  | { kind: 'three-ds'; transaction: Transaction }
  /** A card payment's result, or its progress while the gateway decides. */
  | {
      kind: 'card';
      transaction: Transaction;
      /** What the attempt sent, to fill the form again if the shopper retries (never card data). */
      restored?: StartingValues;
    }
  /** An attempt whose outcome nobody knows yet: warn against paying twice, offer to check again. */
  | { kind: 'unknown' }
  | { kind: 'expired' }
  /** Complete, but with no transaction to show (e.g. paid in another tab that we cannot read). */
  | { kind: 'paid' };

/**
 * The server's statuses of an attempt that charged nothing (docs/decisions/042-attempt-statuses.md): the
 * gateway refused it outright (`rejected`, a 400), it never reached the gateway (`failed`), or an unknown
 * outcome was looked for and not found (`failed_unknown`). Paying again is safe after these.
 */
const NOTHING_CHARGED = ['rejected', 'failed', 'failed_unknown'];

export function resumeOf(
  session: Pick<PublicSession, 'status' | 'payment'>,
  { returningFromBank = false }: { returningFromBank?: boolean } = {},
): Resume {
  if (session.status === 'expired') return { kind: 'expired' };
  const complete = session.status === 'complete';
  const payment = session.payment;
  if (!payment) return complete ? { kind: 'paid' } : { kind: 'form' };
  const transaction = payment.transaction;
  if (!transaction) {
    if (complete) return { kind: 'paid' };
    // `sending`, `unknown` or anything new without a transaction: the gateway may have it. Only an
    // attempt the server knows was refused before anything was created is safe to pay again.
    return NOTHING_CHARGED.includes(payment.status) ? { kind: 'form' } : { kind: 'unknown' };
  }
  if (payment.boleto) return complete ? { kind: 'paid' } : { kind: 'boleto', boleto: payment.boleto };
  if (payment.payment_method === 'pix' || transaction.payment_method === 'pix') {
    return { kind: 'pix', transaction };
  }
  // Back from the bank, an open 3DS payment is the bank's answer on its way: wait for it, do not
  // send the shopper to the bank again.
  const atTheBank =
    !returningFromBank &&
    Boolean(transaction.threeDSecure?.url) &&
    outcomeOf(transaction.status) === 'pending';
  return atTheBank
    ? { kind: 'three-ds', transaction }
    : { kind: 'card', transaction, restored: startFromTransaction(transaction) };
}
