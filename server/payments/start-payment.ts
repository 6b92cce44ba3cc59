import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import { GatewayError, type GatewayFieldError } from '../gateway/gateway-error.ts';
import type { ApiFieldError } from '../http/api-error.ts';
import { newAttemptId } from '../sessions/ids.ts';
import { effectiveStatus, findSession, lockSession } from '../sessions/session-repository.ts';
import { blockingAttempts, insertAttempt, updateAttempt } from './attempt-repository.ts';
import { ATTEMPT } from './attempt-status.ts';
import { checkTransactionRequest } from './check-transaction-request.ts';
import { recordTransaction } from './record-transaction.ts';
import { settleBlockingAttempts } from './settle-blocking-attempts.ts';
import type { ResolvedPolicy } from './policy.ts';

export type PaymentOutcome =
  | { kind: 'ok'; transaction: Transaction; date: string | undefined }
  | { kind: 'not-found' }
  | { kind: 'complete' }
  | { kind: 'expired' }
  | { kind: 'busy' }
  | { kind: 'invalid'; errors: ApiFieldError[] }
  /** The gateway said 400: nothing was created. */
  | { kind: 'rejected'; errors: GatewayFieldError[] }
  /** The gateway may have acted: 504 after a time-out, 502 otherwise (the browser treats both as unknown). */
  | { kind: 'unknown'; status: 502 | 504 }
  /** Nothing reached the gateway, or it refused our credentials: safe to try again later. */
  | { kind: 'unavailable' };

export interface PaymentInput {
  sessionId: string;
  request: TransactionRequest;
  clientAddress: string;
}

/** What an unknown outcome can later be matched by (docs/decisions.md); never more of the card. */
function matchHints(request: TransactionRequest): {
  cardLast4: string | null;
  customerDocument: string | null;
} {
  if (request.payment_method === 'credit_card') {
    return { cardLast4: request.card.card_number.slice(-4), customerDocument: null };
  }
  return { cardLast4: null, customerDocument: request.customer.documents[0]?.number ?? null };
}

/**
 * A shopper's payment: checked against the session, recorded as `sending` in one transaction (the session
 * row locked, so two tabs cannot both start), sent once — never retried — outside any transaction, and
 * its outcome recorded in another.
 */
export async function startPayment(
  deps: AppDeps,
  policy: ResolvedPolicy,
  input: PaymentInput,
): Promise<PaymentOutcome> {
  const now = deps.now();
  const session = await findSession(deps.db, input.sessionId);
  if (!session) return { kind: 'not-found' };
  const status = effectiveStatus(session, now);
  if (status === 'complete') return { kind: 'complete' };
  if (status === 'expired') return { kind: 'expired' };

  const checked = checkTransactionRequest(input.request, session, {
    publicUrl: deps.publicUrl,
    embedOrigins: [...deps.embedOrigins, ...session.embedOrigins],
    clientAddress: input.clientAddress,
  });
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
  const request = checked.request;

  // An earlier attempt whose outcome is unknown is resolved first (it may have been paid).
  await settleBlockingAttempts(deps, policy, session.id);

  const started = await deps.db.transaction(async (tx) => {
    const locked = await lockSession(tx, session.id);
    if (!locked) return { kind: 'not-found' } as const;
    const lockedStatus = effectiveStatus(locked, deps.now());
    if (lockedStatus === 'complete') return { kind: 'complete' } as const;
    if (lockedStatus === 'expired') return { kind: 'expired' } as const;
    if ((await blockingAttempts(tx, session.id)).length > 0) return { kind: 'busy' } as const;
    const attempt = await insertAttempt(tx, {
      id: newAttemptId(),
      sessionId: session.id,
      paymentMethod: request.payment_method,
      amount: request.amount,
      installments: request.payment_method === 'credit_card' ? request.installments : 1,
      status: ATTEMPT.sending,
      ...matchHints(request),
      createdAt: now,
      updatedAt: now,
    });
    return { kind: 'started', attempt } as const;
  });
  if (started.kind !== 'started') return started;
  const { attempt } = started;
  const log = deps.log.child({ sessionId: session.id, attemptId: attempt.id });
  log.info('payment sent', { paymentMethod: attempt.paymentMethod, amount: attempt.amount });

  try {
    const reply = await deps.gateway.createTransaction(request);
    await recordTransaction(deps.db, attempt, reply.data, deps.now());
    log.info('payment answered', { transactionId: reply.data.id, status: reply.data.status });
    return { kind: 'ok', transaction: reply.data, date: reply.date };
  } catch (error) {
    if (!(error instanceof GatewayError)) {
      // Our own failure after sending: the gateway may have acted, so the attempt is unknown.
      await updateAttempt(deps.db, attempt.id, { status: ATTEMPT.unknown, updatedAt: deps.now() });
      throw error;
    }
    log.warn('payment failed', error.toLogFields());
    if (error.kind === 'integration' && !error.outcomeUnknown) {
      await updateAttempt(deps.db, attempt.id, {
        status: ATTEMPT.rejected,
        gatewayErrors: error.errors ?? [],
        updatedAt: deps.now(),
      });
      return { kind: 'rejected', errors: error.errors ?? [] };
    }
    if (error.outcomeUnknown) {
      await updateAttempt(deps.db, attempt.id, { status: ATTEMPT.unknown, updatedAt: deps.now() });
      return { kind: 'unknown', status: error.kind === 'timeout' ? 504 : 502 };
    }
    await updateAttempt(deps.db, attempt.id, { status: ATTEMPT.failed, updatedAt: deps.now() });
    return { kind: 'unavailable' };
  }
}
