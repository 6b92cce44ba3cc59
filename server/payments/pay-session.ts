import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import type { AppDeps } from '../app-deps.ts';
import { meteringRules } from '../rate-limit/metering.ts';
import { findSessionForPayment } from '../sessions/session-repository.ts';
import type { ResolvedPolicy } from './policy.ts';
import { countOnly, startPayment, type PaymentOutcome } from './start-payment.ts';

export interface ShopperPayment {
  sessionId: string;
  clientAddress: string;
  /** The parsed body, or undefined when it could not be read: the route answers its own 4xx then. */
  body: { request: TransactionRequest; saveCard: boolean; receiptEmail: string | null } | undefined;
}

/**
 * A shopper pays a session (`POST /api/pay/{id}/v1/transactions`). Every request for a known session
 * counts against the payment limits, checked or not (card testing starts with junk): counted once —
 * here when it stops before an attempt begins, else in the statement that begins it. An unknown id costs
 * nothing and writes nothing: no rate-limit row per guessed id (docs/decisions/101-rate-limit-subjects.md).
 */
export async function payShopperSession(
  deps: AppDeps,
  policy: ResolvedPolicy,
  input: ShopperPayment,
): Promise<PaymentOutcome | { kind: 'bad-request' }> {
  const { sessionId } = input;
  const session = sessionIdSchema.safeParse(sessionId).success
    ? await findSessionForPayment(deps.db, sessionId)
    : undefined;
  if (!session) return { kind: 'not-found' };
  const rateRules = meteringRules(policy, { kind: 'payment', sessionId }, input.clientAddress);
  if (!input.body) return (await countOnly(deps, rateRules, deps.now())) ?? { kind: 'bad-request' };
  return startPayment(deps, policy, {
    session,
    request: input.body.request,
    clientAddress: input.clientAddress,
    saveCard: input.body.saveCard,
    receiptEmail: input.body.receiptEmail,
    rateRules,
  });
}
