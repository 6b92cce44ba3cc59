import { paysWithSavedCard, type TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { AppDeps } from '../app-deps.ts';
import type { CheckoutSessionRow } from '../db/rows.ts';
import { GatewayError, type GatewayFieldError } from '../gateway/gateway-error.ts';
import type { ApiFieldError } from '../../contract/checkout-session.ts';
import { savedCardCustomer } from '../saved-cards/saved-card-customer.ts';
import { findSavedCard } from '../saved-cards/saved-card-repository.ts';
import { beginLinkAttempt, type LinkBeginResult } from '../payment-links/link-slots.ts';
import { hitAll, type RateRule } from '../rate-limit/rate-limit.ts';
import { newAttemptId } from '../sessions/ids.ts';
import { effectiveStatus, findSession } from '../sessions/session-repository.ts';
import { latestAttempt, moveAttempt } from './attempt-repository.ts';
import {
  ATTEMPT,
  CAPTURED_STATUSES,
  MOVING_STATUSES,
  statusOfGateway,
  type AttemptStatus,
} from './state-machine.ts';
import { refundIfDuplicate } from './refund-duplicate.ts';
import { withdrawOpenPix } from './withdraw-pix.ts';
import { beginAttempt } from './begin-attempt.ts';
import type { AttemptStart } from './begin-attempt-repository.ts';
import { checkTransactionRequest } from './check-transaction-request.ts';
import { cardChargeAmount } from './customer-fees.ts';
import type { ResolvedPolicy } from './policy.ts';
import { recordFirstAnswer } from './record-transaction.ts';
import { refreshAttempt } from './refresh-attempt.ts';
import { withAttemptReference } from './attempt-reference.ts';
import { writeAfterAnswer } from './write-after-answer.ts';
import { settleBlockingAttempts } from './settle-blocking-attempts.ts';

export type PaymentOutcome =
  /** `attemptId`: for the request's log line (the route adds it there, with the transaction's id and status). */
  | { kind: 'ok'; transaction: Transaction; date: string | undefined; attemptId: string }
  | { kind: 'not-found' }
  | { kind: 'complete' }
  | { kind: 'expired' }
  | { kind: 'busy' }
  /** The session's payment link has no payment left (`max_payments`): nothing was sent to the gateway. */
  | { kind: 'link-used-up' }
  /** The link's last slot is taken by a payment under way on another session: nothing was sent. */
  | { kind: 'link-held' }
  /** The link was turned off or expired after this session was opened: nothing was sent. */
  | { kind: 'link-closed'; status: 'inactive' | 'expired' }
  | { kind: 'invalid'; errors: ApiFieldError[] }
  /** The gateway said 400: nothing was created. */
  | { kind: 'rejected'; errors: GatewayFieldError[] }
  /** The gateway may have acted: 504 after a time-out, 502 otherwise (the browser treats both as unknown). */
  | { kind: 'unknown'; status: 502 | 504 }
  /** Nothing reached the gateway, or it refused our credentials: safe to try again later. */
  | { kind: 'unavailable' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

export interface PaymentInput {
  /** As read just before; only its fixed fields are trusted, its status is checked again under lock. */
  session: CheckoutSessionRow;
  request: TransactionRequest;
  clientAddress: string;
  /** The shopper ticked "Save this card for next time" (`save_card`, taken out of the request). */
  saveCard?: boolean;
  /**
   * The e-mail the shopper gave for the receipt (`receipt_email`, taken out of the request): kept as the
   * attempt's payer e-mail, where the receipt goes; never sent to the gateway nor logged.
   */
  receiptEmail?: string | null;
  /** The request's rate limits: counted exactly once, whatever the outcome (in the statement that begins the attempt when it gets that far). */
  rateRules: readonly RateRule[];
}

/**
 * What an unknown outcome can later be matched by
 * (docs/decisions/043-unknown-outcomes-matched-not-retried.md); never more of the card.
 */
function matchHints(
  request: TransactionRequest,
  savedLast4: string | null,
): Pick<AttemptStart, 'cardLast4' | 'customerDocument'> {
  if (paysWithSavedCard(request)) return { cardLast4: savedLast4, customerDocument: null };
  if (request.payment_method === 'credit_card') {
    return { cardLast4: request.card.card_number.slice(-4), customerDocument: null };
  }
  return { cardLast4: null, customerDocument: request.customer.documents[0]?.number ?? null };
}

type SavedCardCheck =
  | { ok: true; savedCardId: number | null; savedLast4: string | null; savedBrand: string | null }
  | { ok: false; errors: ApiFieldError[] };

/**
 * A `card_id` must be one of the session customer's saved cards — a forged id, another customer's card
 * or a session without saved cards all get the same 400 (nothing says whether the id exists), and
 * nothing is forwarded. Consent to save needs full card data on a session that saves cards.
 */
async function checkSavedCard(
  deps: AppDeps,
  session: CheckoutSessionRow,
  request: TransactionRequest,
  saveCard: boolean,
): Promise<SavedCardCheck> {
  const customer = savedCardCustomer(session);
  if (paysWithSavedCard(request)) {
    const saved =
      customer === undefined ? undefined : await findSavedCard(deps.db, customer, request.card_id);
    if (!saved) {
      return {
        ok: false,
        errors: [
          {
            message:
              'This saved card is not available in this checkout. Choose another card or type its details.',
            parameter_name: 'card_id',
            type: 'invalid_card',
          },
        ],
      };
    }
    if (saveCard) {
      return {
        ok: false,
        errors: [
          { message: 'This card is already saved.', parameter_name: 'save_card', type: 'invalid_parameter' },
        ],
      };
    }
    return { ok: true, savedCardId: saved.cardId, savedLast4: saved.lastDigits, savedBrand: saved.brand };
  }
  if (saveCard && (customer === undefined || request.payment_method !== 'credit_card')) {
    return {
      ok: false,
      errors: [
        {
          message: 'This checkout does not save cards.',
          parameter_name: 'save_card',
          type: 'session_mismatch',
        },
      ],
    };
  }
  return { ok: true, savedCardId: null, savedLast4: null, savedBrand: null };
}

/**
 * A request that ends before an attempt begins still counts against its limits (card testing starts with
 * junk): counted on its own, as the statement that begins an attempt would have (rate-limit/metering.ts).
 */
export async function countOnly(
  deps: AppDeps,
  rules: readonly RateRule[],
  now: Date,
): Promise<PaymentOutcome | undefined> {
  const verdict = await hitAll(deps.db, rules, now);
  return verdict.allowed ? undefined : { kind: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
}

function closedOutcome(session: CheckoutSessionRow, now: Date): PaymentOutcome | undefined {
  const status = effectiveStatus(session, now);
  if (status === 'complete') return { kind: 'complete' };
  if (status === 'expired') return { kind: 'expired' };
  return undefined;
}

/** The link's own refusals (payment-links/link-slots.ts), as the route answers them. */
function linkRefusal(begun: LinkBeginResult): PaymentOutcome | undefined {
  switch (begun.kind) {
    case 'used-up':
      return { kind: 'link-used-up' };
    case 'held':
      return { kind: 'link-held' };
    case 'closed':
      return { kind: 'link-closed', status: begun.status };
    case 'started':
    case 'blocked':
    case 'rate-limited':
      return undefined;
  }
}

/**
 * A shopper's payment: checked against the session, recorded as `sending` (one statement that locks the
 * session row; see begin-attempt.ts), sent once — never retried — outside any transaction, and its
 * outcome recorded in another statement.
 */
export async function startPayment(
  deps: AppDeps,
  policy: ResolvedPolicy,
  input: PaymentInput,
): Promise<PaymentOutcome> {
  const now = deps.now();
  const { session } = input;
  const closed = closedOutcome(session, now);
  if (closed) return (await countOnly(deps, input.rateRules, now)) ?? closed;

  if (session.mode === 'setup') {
    return (
      (await countOnly(deps, input.rateRules, now)) ?? {
        kind: 'invalid',
        errors: [
          {
            message: 'This checkout saves a card and takes no payment.',
            parameter_name: 'payment_method',
            type: 'session_mismatch',
          },
        ],
      }
    );
  }
  const saveCard = input.saveCard === true;
  const saved = await checkSavedCard(deps, session, input.request, saveCard);
  if (!saved.ok)
    return (await countOnly(deps, input.rateRules, now)) ?? { kind: 'invalid', errors: saved.errors };
  const charge = await cardChargeAmount(deps, session, input.request, saved.savedBrand);
  if (!charge.ok) {
    // The customer pays the fees but the price cannot be known: charge nothing rather than guess.
    if (charge.reason === 'unavailable') return { kind: 'unavailable' };
    return (
      (await countOnly(deps, input.rateRules, now)) ?? {
        kind: 'invalid',
        errors: [
          {
            message:
              "This card's network has no price in this checkout. Choose another card or type its details.",
            parameter_name: 'card_id',
            type: 'invalid_card',
          },
        ],
      }
    );
  }
  const checked = checkTransactionRequest(input.request, session, {
    cardAmount: charge.cents,
    publicUrl: deps.publicUrl,
    embedOrigins: [...deps.embedOrigins, ...session.embedOrigins],
    clientAddress: input.clientAddress,
  });
  if (!checked.ok)
    return (await countOnly(deps, input.rateRules, now)) ?? { kind: 'invalid', errors: checked.errors };
  const attemptId = newAttemptId();
  // The attempt's id travels to the gateway and back: an unknown outcome is matched exactly (decision 122).
  const request = withAttemptReference(checked.request, attemptId, session.items);

  const hints = matchHints(request, saved.savedLast4);
  // Every field named, no spread: one hidden class for every attempt (attempt-row.ts says why).
  const attempt: AttemptStart = {
    id: attemptId,
    sessionId: session.id,
    paymentMethod: request.payment_method,
    amount: request.amount,
    installments: request.payment_method === 'credit_card' ? request.installments : 1,
    cardLast4: hints.cardLast4,
    customerDocument: hints.customerDocument,
    saveCard,
    savedCardId: saved.savedCardId,
    payerEmail: input.receiptEmail ?? null,
  };
  // A payment link's session takes one of the link's slots as it begins (payment-links/link-slots.ts).
  const linkId = session.paymentLinkId;
  const begin = (at: Date, rules?: readonly RateRule[]) =>
    linkId
      ? beginLinkAttempt(deps.db, linkId, attempt, at, rules)
      : beginAttempt(deps.db, attempt, at, rules);
  let begun = await begin(now, input.rateRules);
  const refusedByLink = linkRefusal(begun);
  if (refusedByLink) return refusedByLink;
  if (begun.kind === 'rate-limited') {
    return { kind: 'rate-limited', retryAfterSeconds: begun.verdict.retryAfterSeconds };
  }
  if (begun.kind === 'blocked') {
    // Rare: an earlier attempt may still charge. Resolve it if the facts allow (it may have been paid,
    // or have timed out for good), then try once more.
    await settleBlockingAttempts(deps, policy, session.id);
    // A PIX code or a card still processing blocks a second payment until the gateway ends it; ask the
    // gateway now, since it may have expired, been refused or paid since we last looked.
    const latest = await latestAttempt(deps.db, session.id);
    if (latest && MOVING_STATUSES.has(latest.status))
      await refreshAttempt(deps, policy, latest, { force: true });
    // Still open after that read: a shopper paying by card gives the PIX code up (decision 222).
    // An open boleto gives way to a card or a PIX code too (docs/decisions/231-boleto-lifecycle.md).
    if (request.payment_method !== 'boleto') await withdrawOpenPix(deps, session.id, request.payment_method);
    begun = await begin(deps.now());
    const refusedAgain = linkRefusal(begun);
    if (refusedAgain) return refusedAgain;
  }
  if (begun.kind !== 'started') {
    const current = await findSession(deps.db, session.id);
    if (!current) return { kind: 'not-found' };
    return closedOutcome(current, deps.now()) ?? { kind: 'busy' };
  }

  const log = deps.log.child({ sessionId: session.id, attemptId: attempt.id });
  log.debug('payment sent', { paymentMethod: attempt.paymentMethod, amount: attempt.amount });
  const started = begun.row;
  let reply: Awaited<ReturnType<AppDeps['gateway']['createTransaction']>>;
  try {
    reply = await deps.gateway.createTransaction(request);
  } catch (error) {
    if (!(error instanceof GatewayError)) {
      // Our own failure after sending: the gateway may have acted, so the attempt is unknown.
      await writeAfterAnswer(deps, 'mark the attempt unknown', () =>
        leaveSending(deps, attempt.id, ATTEMPT.unknown),
      );
      throw error;
    }
    return recordGatewayError(deps, attempt.id, error, log);
  }
  // The gateway answered: the transaction id is in hand and is never dropped. A database that fails now
  // (a failover) gets the write again, here and then in the background (decision 122).
  const transaction = reply.data;
  // A card paid while a withdrawn PIX code was being paid from a bank app: the later of the two is refunded
  // (decided by the statement that records it; retried with it if the database is away).
  await writeAfterAnswer(deps, 'record the gateway answer', async () => {
    const { duplicate } = await recordFirstAnswer(
      deps.db,
      started,
      session,
      transaction,
      deps.now(),
      deps.publicUrl,
    );
    if (duplicate && CAPTURED_STATUSES.has(statusOfGateway(transaction.status)))
      deps.background.run('refund a duplicate payment', () => refundIfDuplicate(deps, attempt.id));
  });
  return { kind: 'ok', transaction, date: reply.date, attemptId: attempt.id };
}

/**
 * Out of `sending` without a transaction, with its history row (state-machine.ts); only while still
 * `sending`: a webhook or another instance may have recorded the answer meanwhile.
 */
function leaveSending(
  deps: AppDeps,
  attemptId: string,
  to: AttemptStatus,
  set?: { gatewayErrors: GatewayFieldError[] },
): Promise<boolean> {
  return moveAttempt(deps.db, {
    attemptId,
    from: ATTEMPT.sending,
    to,
    source: 'payment',
    at: deps.now(),
    set,
  });
}

/** The gateway's refusal or failure, recorded on the attempt (the write retried like the answer's). */
async function recordGatewayError(
  deps: AppDeps,
  attemptId: string,
  error: GatewayError,
  log: AppDeps['log'],
): Promise<PaymentOutcome> {
  log.warn('payment failed', error.toLogFields());
  if (error.kind === 'integration' && !error.outcomeUnknown) {
    await writeAfterAnswer(deps, 'record the refusal', () =>
      leaveSending(deps, attemptId, ATTEMPT.rejected, { gatewayErrors: error.errors ?? [] }),
    );
    return { kind: 'rejected', errors: error.errors ?? [] };
  }
  if (error.outcomeUnknown) {
    await writeAfterAnswer(deps, 'mark the attempt unknown', () =>
      leaveSending(deps, attemptId, ATTEMPT.unknown),
    );
    return { kind: 'unknown', status: error.kind === 'timeout' ? 504 : 502 };
  }
  await writeAfterAnswer(deps, 'record the failure', () => leaveSending(deps, attemptId, ATTEMPT.failed));
  return { kind: 'unavailable' };
}
