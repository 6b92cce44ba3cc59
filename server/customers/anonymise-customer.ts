import type { Database } from '../db/database.ts';
import { eraseShopperMailsOf } from '../mail/mail-repository.ts';
import { anonymiseAttemptsOf, attemptsMayTakeMoneyOn } from '../payments/attempt-repository.ts';
import {
  clearSessionCustomers,
  deleteCustomerCards,
  lockCustomerSessions,
  type EraseRefusal,
  type ErasedCounts,
} from './customer-repository.ts';

/**
 * In the caller's transaction: locks the customer's sessions (a payment beginning on one of them waits, then
 * finds it anonymised), refuses while a payment may still take money or a session can still be paid, then
 * removes the saved cards and anonymises the sessions' customer (only `external_id` stays) and the payments'
 * personal data — the gateway's customer, billing and shipping, the card holder's name, the IP address and the
 * payer's document. Amounts, statuses, history and operations stay: they are the merchant's accounts.
 */
export async function anonymiseCustomer(
  tx: Database,
  externalId: string,
  now: Date,
): Promise<{ ok: true; counts: ErasedCounts } | { ok: false; refusal: EraseRefusal }> {
  const sessions = await lockCustomerSessions(tx, externalId);
  const sessionIds = sessions.map((session) => session.id);
  const open = sessions
    .filter((session) => session.status === 'open' && session.expiresAt > now)
    .map((session) => session.id);
  if (open.length > 0) return { ok: false, refusal: { reason: 'open_session', sessionIds: open } };
  const takingMoney = await attemptsMayTakeMoneyOn(tx, sessionIds);
  if (takingMoney.length > 0)
    return { ok: false, refusal: { reason: 'may_take_money', paymentIds: takingMoney } };

  const savedCards = await deleteCustomerCards(tx, externalId);
  const withData = sessions.filter((session) => session.hasData).map((session) => session.id);
  await clearSessionCustomers(tx, withData, externalId, now);
  const payments = await anonymiseAttemptsOf(tx, sessionIds, now);
  await eraseShopperMailsOf(tx, payments, now);
  return { ok: true, counts: { sessions: withData.length, payments: payments.length, savedCards } };
}
