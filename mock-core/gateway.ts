import { randomId } from '../contract/random-id.ts';
import { cardRequestSchema } from '../contract/gateway/card.ts';
import {
  paysWithSavedCard,
  transactionRequestSchema,
  type TransactionRequest,
} from '../contract/gateway/transaction-request.ts';
import type { Transaction } from '../contract/gateway/transaction.ts';
import { endOfDueDate } from '../contract/boleto/business-days.ts';
import { buildBarcode, formatDigitableLine, lineOfBarcode } from '../contract/boleto/check-digits.ts';
import type { BoletoTransactionRequest } from '../contract/gateway/boleto-transaction.ts';
import { buildBrCode } from './br-code.ts';
import { forecastDate, mdrFor, splitCents } from './fee-model.ts';
import { cardProblems, cardResponseOf, storedCardOf } from './cards.ts';
import {
  bankAnswerFor,
  boletoFateFor,
  holderNameScenario,
  PIX_FATE_MS,
  pixFateFor,
  scenarioForCard,
  type CardScenario,
} from './scenarios.ts';
import { loadSettings, loadState, saveState, type StoredCard, type StoredTransaction } from './store.ts';

/** What a handler should answer; transports (MSW in the browser, tests) turn it into a response. */
export type MockAnswer =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'network-error' }
  | { kind: 'delay-then'; delayMs: number; answer: MockAnswer };

export interface MockContext {
  now: number;
  /** Origin of the page, for the 3DS challenge URL. */
  origin: string;
  /** The bank's challenge page when it is not `{origin}/mock-bank/challenge` (a preview under a folder). */
  challengePage?: string;
}

const PROCESSING_MS = 4000;
/** The gateway's local time zone, in which `pix_expiration_date` is written (docs/gateway-api.md §2.9). */
export const GATEWAY_TIME_ZONE = 'America/Sao_Paulo';

/** `2026-11-22T00:13:27.123000Z`: six fractional digits, as the gateway writes them. */
export function formatGatewayTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** `YYYY-MM-DD HH:MM:SS` in the gateway's zone. */
export function gatewayLocalDateTime(epochMs: number, timeZone = GATEWAY_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

function randomDigits(count: number): string {
  const values = crypto.getRandomValues(new Uint8Array(count));
  return Array.from(values, (v) => (v % 10).toString()).join('');
}

function json(status: number, body: unknown): MockAnswer {
  return { kind: 'json', status, body };
}

function integrationError(message: string, parameterName: string, type = 'invalid_parameter'): MockAnswer {
  return json(400, { errors: [{ message, parameter_name: parameterName, type }] });
}

function baseTransaction(id: number, request: TransactionRequest, ctx: MockContext): Transaction {
  const stamp = formatGatewayTimestamp(ctx.now);
  const customer =
    'customer' in request
      ? {
          id: id + 5000,
          external_id: request.customer.external_id ?? null,
          name: request.customer.name,
          type: request.customer.type,
          country: request.customer.country,
          email: request.customer.email,
          birthday: null,
          phone_numbers: 'phone_numbers' in request.customer ? request.customer.phone_numbers : [],
          documents: request.customer.documents.map((d, i) => ({
            id: id * 10 + i,
            type: d.type,
            number: d.number,
          })),
          created_at: stamp,
          updated_at: stamp,
        }
      : null;
  const items = (request.items ?? []).map((item, i) => ({
    id: id * 100 + i,
    external_id: item.external_id ?? null,
    title: item.title,
    unit_price: item.unit_price,
    quantity: item.quantity,
    tangible: item.tangible ? 1 : 0,
    category: null,
    venue: null,
    date: null,
    created_at: stamp,
    updated_at: stamp,
  }));
  return {
    id,
    ip_address: '127.0.0.1',
    tid: null,
    amount: request.amount,
    capture_amount: request.amount,
    paid_amount: null,
    ref_id: randomDigits(10),
    status: 'processing',
    created_at: stamp,
    updated_at: stamp,
    card: null,
    pix_qr_code: null,
    pix_expiration_date: null,
    pix_additional_fields: null,
    installments: 'installments' in request ? request.installments : 1,
    reference_key: null,
    session: null,
    local_time: null,
    payment_method: request.payment_method,
    customer,
    // A PIX payment may come without a billing address (its session does not collect one).
    billing: request.billing
      ? {
          id: id + 9000,
          name: request.billing.name,
          created_at: stamp,
          updated_at: stamp,
          address: {
            ...request.billing.address,
            zipcode: request.billing.address.zipcode ?? null,
            complementary: null,
          },
        }
      : null,
    items,
    threeDSecure: null,
    metadata: null,
  };
}

function withStatus(transaction: Transaction, status: string, now: number): Transaction {
  return {
    ...transaction,
    status,
    paid_amount: status === 'paid' ? transaction.amount : transaction.paid_amount,
    updated_at: formatGatewayTimestamp(now),
  };
}

/** Moves time-driven transactions on: `processing` cards settle, PIX codes expire. */
function settle(stored: StoredTransaction, now: number): StoredTransaction {
  const { transaction } = stored;
  // A processing card settles; a PIX code whose payer name says so is paid (scenarios.ts).
  const settles = transaction.status === 'processing' || transaction.status === 'waiting_payment';
  if (stored.settleAt !== undefined && now >= stored.settleAt && settles) {
    return { ...stored, settleAt: undefined, transaction: withStatus(transaction, 'paid', now) };
  }
  if (stored.expiresAt !== undefined && now >= stored.expiresAt && transaction.status === 'waiting_payment') {
    return { ...stored, transaction: withStatus(transaction, 'canceled', now) };
  }
  if (
    stored.refundSettleAt !== undefined &&
    now >= stored.refundSettleAt &&
    transaction.status === 'pending_refund'
  ) {
    const done = (transaction.refunded_amount ?? 0) >= (transaction.paid_amount ?? 0);
    return {
      ...stored,
      refundSettleAt: undefined,
      transaction: withStatus(transaction, done ? 'refunded' : 'paid', now),
    };
  }
  return stored;
}

/**
 * A 400 in the shape docs/gateway-api.md §7 expects, one entry per schema issue, named by its dotted path.
 */
export function invalidRequest(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): MockAnswer {
  return json(400, {
    errors: issues.map((issue) => ({
      message: issue.message,
      parameter_name: issue.path.map(String).join('.'),
      type: 'invalid_parameter',
    })),
  });
}

export function createTransaction(rawBody: unknown, ctx: MockContext): MockAnswer {
  const parsed = transactionRequestSchema.safeParse(rawBody);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const request = parsed.data;

  if (request.payment_method === 'credit_card' && !paysWithSavedCard(request)) {
    const transport = holderNameScenario(request.card.card_holder_name);
    if (transport === 'NETWORK ERROR') return { kind: 'network-error' };
    if (transport === 'SERVER ERROR')
      return json(500, { errors: [{ message: 'Internal error', type: 'server' }] });
    if (transport === 'GATEWAY TIMEOUT') return json(504, { message: 'Gateway Timeout' });
    // A 200 the checkout cannot read: the gateway may well have charged the card.
    if (transport === 'BAD RESPONSE')
      return json(200, { object: 'transaction', status: 'paid', amount: '150.90' });
    if (transport === 'SLOW GATEWAY') {
      return {
        kind: 'delay-then',
        delayMs: 40_000,
        answer: json(500, { errors: [{ message: 'Too slow' }] }),
      };
    }
  }

  const state = loadState();
  const id = state.nextId;
  let stored: StoredTransaction = { transaction: baseTransaction(id, request, ctx) };

  if (request.payment_method === 'credit_card') {
    // A stored card follows the scenario of the test card it was saved from
    // (docs/shoppers-and-designers/test-cards.md).
    let scenario: CardScenario;
    let cardId: number;
    let storedCard: StoredCard;
    if (paysWithSavedCard(request)) {
      const known = state.cards[String(request.card_id)];
      if (!known) return integrationError('Card not found', 'card_id', 'not_found');
      ({ scenario } = known);
      cardId = request.card_id;
      storedCard = known;
    } else {
      scenario = scenarioForCard(request.card.card_number);
      if (scenario === 'cvv-error') return integrationError('Invalid security code', 'card_cvv');
      // Every card paid with is stored, as the gateway returns a `card_id` for it.
      cardId = id + 7000;
      storedCard = storedCardOf(request.card, scenario, formatGatewayTimestamp(ctx.now));
      state.cards[String(cardId)] = storedCard;
    }
    stored.transaction = {
      ...stored.transaction,
      card: cardResponseOf(cardId, storedCard, formatGatewayTimestamp(ctx.now)),
    };
    if ('threeDSecure' in request) {
      const token = randomId();
      // A saved card has no holder name in the request: its bank challenges, as any card's would.
      const answer = paysWithSavedCard(request) ? undefined : bankAnswerFor(request.card.card_holder_name);
      const returns = { success: request.threeDSecure.urlSuccess, fail: request.threeDSecure.urlFail };
      const challenge = `${ctx.challengePage ?? `${ctx.origin}/mock-bank/challenge`}?token=${token}`;
      stored = {
        ...stored,
        challengeToken: token,
        challengeOutcome: scenario === 'refuse' || scenario === 'challenge-fail' ? 'refused' : 'authorized',
        threeDSecureReturn: returns,
        transaction: {
          ...stored.transaction,
          // A bank that answers by itself sends the shopper straight back (scenarios.ts).
          threeDSecure: {
            url: answer === undefined ? challenge : answer === 'refused' ? returns.fail : returns.success,
          },
        },
      };
      if (answer === 'authorized' || answer === 'refused') {
        stored.transaction = withStatus(stored.transaction, answer, ctx.now);
      }
    } else if (scenario === 'refuse') {
      stored.transaction = withStatus(stored.transaction, 'refused', ctx.now);
    } else if (scenario === 'processing') {
      stored.settleAt = ctx.now + PROCESSING_MS;
    } else if (scenario === 'processing-stuck') {
      // Left `processing` with no settleAt: only the designer panel's store reset ends it.
    } else {
      stored.transaction = withStatus(stored.transaction, 'paid', ctx.now);
    }
  } else if (request.payment_method === 'boleto') {
    stored = issueBoleto(stored, request, id, ctx);
  } else {
    const fate = 'customer' in request ? pixFateFor(request.customer.name) : undefined;
    const expiresAt = ctx.now + (fate === 'expired' ? PIX_FATE_MS : loadSettings().pixExpiryMinutes * 60_000);
    if (fate === 'paid') stored.settleAt = ctx.now + PIX_FATE_MS;
    const pixId = `E${randomDigits(10)}${id}`;
    stored = {
      ...stored,
      expiresAt,
      transaction: {
        ...withStatus(stored.transaction, 'waiting_payment', ctx.now),
        installments: 1,
        pix_qr_code: buildBrCode({
          pixKey: '3b1e1c2a-6f0e-4c8e-9a57-2a7f3c1d9e40',
          amountCents: request.amount,
          merchantName: 'LOJA EXEMPLO',
          merchantCity: 'SAO PAULO',
          txid: pixId,
        }),
        pix_expiration_date: gatewayLocalDateTime(expiresAt),
        pix_additional_fields: { pix_id: pixId },
      },
    };
  }

  state.nextId = id + 1;
  state.transactions[String(id)] = withHistory(stored, 'create', ctx.now);
  saveState(state);
  return json(200, stored.transaction);
}

/** Bradesco's compensation code: the family's sandbox issues its boletos on it. */
const BOLETO_BANK = '237';

/**
 * A boleto as the gateway's family issues one: `waiting_payment`, a barcode whose check digits hold
 * (contract/boleto/check-digits.ts; the free field carries the transaction id, so each is unique), the
 * line printed in `boleto_barcode` with dots and spaces, a PDF under the mock, and a PIX payload for the
 * same charge (boleto híbrido). It ends `canceled` once its due date is over in São Paulo, unless paid.
 */
function issueBoleto(
  stored: StoredTransaction,
  request: BoletoTransactionRequest,
  id: number,
  ctx: MockContext,
): StoredTransaction {
  const dueDate = request.boleto_expiration_date;
  const freeField = `${randomDigits(13)}${String(id).padStart(12, '0')}`.slice(-25);
  const barcode = buildBarcode({ bank: BOLETO_BANK, dueDate, amount: request.amount, freeField });
  const fate = boletoFateFor(request.customer.name);
  return {
    ...stored,
    // A boleto's fate name moves it a few seconds after it is issued (scenarios.ts).
    ...(fate === 'paid' ? { settleAt: ctx.now + PIX_FATE_MS } : {}),
    expiresAt: fate === 'expired' ? ctx.now + PIX_FATE_MS : endOfDueDate(dueDate).getTime(),
    transaction: {
      ...withStatus(stored.transaction, 'waiting_payment', ctx.now),
      installments: 1,
      boleto_url: `${ctx.origin}/boleto/${id}.pdf`,
      boleto_barcode: formatDigitableLine(lineOfBarcode(barcode)),
      boleto_expiration_date: dueDate,
      boleto_qr_code: buildBrCode({
        pixKey: '3b1e1c2a-6f0e-4c8e-9a57-2a7f3c1d9e40',
        amountCents: request.amount,
        merchantName: 'LOJA EXEMPLO',
        merchantCity: 'SAO PAULO',
        txid: `B${id}`,
      }),
    },
  };
}

/**
 * `POST /v1/cards` (spec 4): the card's four fields, checked as a gateway would (check digit, expiry,
 * security code length). The spec shows an empty body; the mock answers the id as `id` with the fields
 * of a transaction's `card` — except for the holder name `NO CARD ID`, which gets the spec's `{}`.
 */
export function createCard(rawBody: unknown, ctx: Pick<MockContext, 'now'>): MockAnswer {
  const parsed = cardRequestSchema.safeParse(rawBody);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const card = parsed.data;
  const problems = cardProblems(card, ctx.now);
  if (problems.length > 0) {
    return json(400, {
      errors: problems.map((problem) => ({
        message: problem.message,
        parameter_name: problem.parameterName,
        type: 'invalid_parameter',
      })),
    });
  }
  const scenario = scenarioForCard(card.card_number);
  if (scenario === 'cvv-error') return integrationError('Invalid security code', 'card_cvv');
  if (holderNameScenario(card.card_holder_name) === 'NO CARD ID') return json(200, {});
  const state = loadState();
  // Numbered with the transactions (id + 7000, as a transaction's card), so card ids never collide.
  const id = state.nextId;
  const cardId = id + 7000;
  const stamp = formatGatewayTimestamp(ctx.now);
  const stored = storedCardOf(card, scenario, stamp);
  state.nextId = id + 1;
  state.cards[String(cardId)] = stored;
  saveState(state);
  const { card_id: _cardId, ...fields } = cardResponseOf(cardId, stored, stamp);
  return json(200, { id: cardId, ...fields });
}

function notFound(): MockAnswer {
  return json(404, { errors: [{ message: 'Transaction not found', type: 'not_found' }] });
}

export function getTransaction(id: string, ctx: Pick<MockContext, 'now'>): MockAnswer {
  const state = loadState();
  const stored = state.transactions[id];
  if (!stored) return notFound();
  const settled = settle(stored, ctx.now);
  if (settled !== stored) save(id, settled, 'settle', ctx.now);
  return json(200, settled.transaction);
}

/** `GET /v1/transactions` paging and time window (the checkout's choice where the spec shows none). */
export interface ListQuery {
  /** 1-based; with `perPage`. Absent: the whole list. */
  page?: number;
  perPage?: number;
  /** ISO times: only transactions created in [from, to]. */
  createdFrom?: string;
  createdTo?: string;
}

/** Newest first, optionally filtered by creation time and cut in pages. */
export function listTransactions(ctx: Pick<MockContext, 'now'>, query: ListQuery = {}): MockAnswer {
  const state = loadState();
  const from = query.createdFrom === undefined ? -Infinity : Date.parse(query.createdFrom);
  const to = query.createdTo === undefined ? Infinity : Date.parse(query.createdTo);
  const list = Object.values(state.transactions)
    .map((stored) => settle(stored, ctx.now).transaction)
    .filter((transaction) => {
      const created = Date.parse(transaction.created_at);
      return !(created < from) && !(created > to);
    })
    .reverse();
  if (query.page === undefined || query.perPage === undefined) return json(200, list);
  const start = (query.page - 1) * query.perPage;
  return json(200, list.slice(start, start + query.perPage));
}

/** Designer controls and the challenge page move a transaction by hand. */
export function setTransactionStatus(id: string, status: string, now: number): Transaction | undefined {
  const state = loadState();
  const stored = state.transactions[id];
  if (!stored) return undefined;
  const updated = {
    ...stored,
    settleAt: undefined,
    transaction: withStatus(stored.transaction, status, now),
  };
  return save(id, updated, `set-${status}`, now);
}

/** Open PIX charges, newest first, for the designer panel's "Simulate payment" and "Expire now". */
export function waitingPixTransactions(now: number): Transaction[] {
  return Object.values(loadState().transactions)
    .map((stored) => settle(stored, now).transaction)
    .filter((t) => t.payment_method === 'pix' && t.status === 'waiting_payment')
    .sort((a, b) => b.id - a.id);
}

/**
 * Ends a PIX code now, as the gateway would at its expiry: `canceled`, with the expiry date moved to
 * this moment so the shopper's countdown agrees (docs/decisions/013-expired-pix-is-canceled.md).
 */
export function expirePixNow(id: string, now: number): Transaction | undefined {
  const state = loadState();
  const stored = state.transactions[id];
  if (stored?.transaction.payment_method !== 'pix') return undefined;
  const updated: StoredTransaction = {
    ...stored,
    expiresAt: now,
    transaction: {
      ...withStatus(stored.transaction, 'canceled', now),
      pix_expiration_date: gatewayLocalDateTime(now),
    },
  };
  return save(id, updated, 'expire', now);
}

export function findByChallengeToken(token: string): StoredTransaction | undefined {
  return Object.values(loadState().transactions).find((stored) => stored.challengeToken === token);
}

/** Told about every change of a transaction (the server's mock sends gateway webhooks from it). */
type ChangeListener = (transaction: Transaction) => void;
const listeners = new Set<ChangeListener>();

export function onTransactionChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(transaction: Transaction): void {
  for (const listener of listeners) listener(transaction);
}

function withHistory(stored: StoredTransaction, action: string, now: number): StoredTransaction {
  const entry = {
    status: stored.transaction.status,
    amount: stored.transaction.amount,
    action,
    created_at: formatGatewayTimestamp(now),
  };
  return { ...stored, history: [...(stored.history ?? []), entry] };
}

function save(id: string, stored: StoredTransaction, action: string, now: number): Transaction {
  const state = loadState();
  state.transactions[id] = withHistory(stored, action, now);
  saveState(state);
  announce(stored.transaction);
  return stored.transaction;
}

function readAmount(body: unknown, fallback: number): number | undefined {
  if (body === undefined || body === null) return fallback;
  if (typeof body !== 'object') return undefined;
  const amount = (body as { amount?: unknown }).amount;
  if (amount === undefined) return fallback;
  return typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : undefined;
}

/**
 * `POST /v1/transactions/{id}/capture` with an optional `amount` (≤ the authorised amount). One capture
 * per authorisation, as most gateways of this family: the rest of a partial capture is released.
 */
export function captureTransaction(id: string, body: unknown, ctx: Pick<MockContext, 'now'>): MockAnswer {
  const stored = loadState().transactions[id];
  if (!stored) return notFound();
  const { transaction } = stored;
  if (transaction.status !== 'authorized') {
    return integrationError(
      `Transaction is ${transaction.status}, not authorized`,
      'status',
      'invalid_state',
    );
  }
  const amount = readAmount(body, transaction.amount);
  if (amount === undefined || amount > transaction.amount) {
    return integrationError(
      'Capture amount must be a positive integer up to the authorised amount',
      'amount',
    );
  }
  const updated: StoredTransaction = {
    ...stored,
    transaction: {
      ...withStatus(transaction, 'paid', ctx.now),
      capture_amount: amount,
      paid_amount: amount,
    },
  };
  return json(200, save(id, updated, 'capture', ctx.now));
}

/**
 * `POST /v1/transactions/{id}/refund` with an optional `amount` (≤ paid − refunded). Cards are refunded
 * at once; PIX goes `pending_refund` for a few seconds, then `refunded` (a partial one returns to `paid`).
 */
export function refundTransaction(id: string, body: unknown, ctx: Pick<MockContext, 'now'>): MockAnswer {
  const stored = loadState().transactions[id];
  if (!stored) return notFound();
  const { transaction } = settle(stored, ctx.now);
  const paid = transaction.paid_amount ?? 0;
  const refunded = transaction.refunded_amount ?? 0;
  if (!['paid', 'refunded'].includes(transaction.status) || paid - refunded <= 0) {
    return integrationError(
      `Transaction is ${transaction.status}: nothing to refund`,
      'status',
      'invalid_state',
    );
  }
  const amount = readAmount(body, paid - refunded);
  if (amount === undefined || amount > paid - refunded) {
    return integrationError(
      'Refund amount must be a positive integer up to the paid amount not yet refunded',
      'amount',
    );
  }
  const total = refunded + amount;
  const isPix = transaction.payment_method === 'pix';
  const status = isPix ? 'pending_refund' : total === paid ? 'refunded' : 'paid';
  const updated: StoredTransaction = {
    ...stored,
    refundSettleAt: isPix ? ctx.now + PROCESSING_MS : undefined,
    transaction: { ...withStatus(transaction, status, ctx.now), paid_amount: paid, refunded_amount: total },
  };
  return json(200, save(id, updated, 'refund', ctx.now));
}

export function transactionHistory(id: string, ctx: Pick<MockContext, 'now'>): MockAnswer {
  const stored = loadState().transactions[id];
  if (!stored) return notFound();
  return json(200, settle(stored, ctx.now).history ?? []);
}

/**
 * `GET /v1/transactions/{id}/installments` as the mock answers it (its shape is ours, decisions 253 and 320): a
 * captured card transaction's installments on the fee model's calendar (one every 30 days after the sale day in
 * São Paulo, as its fee simulation forecasts them), each with its gross `amount`, `fee` (the merchant's MDR,
 * mock-core/fee-model.ts) and `net_amount` in cents, and `paid` once its day has come on the mock's clock
 * (`waiting_funds` before). A refund comes off the installments not yet paid, the last first; one left at
 * nothing is `refunded`, and a refunded or charged-back transaction cancels what was not paid. 404 for PIX,
 * boleto or an unknown transaction.
 */
export function transactionInstallments(id: string, ctx: Pick<MockContext, 'now'>): MockAnswer {
  const stored = loadState().transactions[id];
  if (!stored) return notFound();
  const { transaction } = settle(stored, ctx.now);
  if (transaction.payment_method !== 'credit_card') return notFound();
  const count = Math.max(1, transaction.installments ?? 1);
  const captured = ['paid', 'pending_refund', 'refunded', 'chargedback'].includes(transaction.status);
  const sale = new Date(Date.parse(transaction.created_at));
  const today = gatewayLocalDateTime(ctx.now).slice(0, 10);
  const mdr = mdrFor((transaction.card?.brand ?? '').toLowerCase(), count);
  const gross = splitCents(transaction.amount, count);
  const dates = gross.map((_, index) => forecastDate(sale, index + 1).slice(0, 10));
  const paid = dates.map((date) => captured && date <= today);
  let refund = Math.min(transaction.amount, Math.max(0, transaction.refunded_amount ?? 0));
  for (let index = count - 1; index >= 0 && refund > 0; index -= 1) {
    if (paid[index]) continue;
    const taken = Math.min(refund, gross[index] ?? 0);
    gross[index] = (gross[index] ?? 0) - taken;
    refund -= taken;
  }
  const ended = transaction.status === 'refunded' || transaction.status === 'chargedback';
  return json(
    200,
    gross.map((amount, index) => {
      const fee = Math.round((amount * mdr) / 100);
      const status = paid[index]
        ? 'paid'
        : !captured
          ? transaction.status
          : amount === 0 || ended
            ? transaction.status === 'chargedback'
              ? 'chargedback'
              : 'refunded'
            : 'waiting_funds';
      return {
        installment: index + 1,
        amount,
        fee,
        net_amount: amount - fee,
        due_date: dates[index],
        status,
      };
    }),
  );
}

/** Mock control: the shopper paid an open PIX code in the bank app. */
export function payPix(id: string, now: number): Transaction | undefined {
  const stored = loadState().transactions[id];
  if (stored?.transaction.payment_method !== 'pix' || stored.transaction.status !== 'waiting_payment')
    return undefined;
  return save(id, { ...stored, transaction: withStatus(stored.transaction, 'paid', now) }, 'pix-paid', now);
}

/** Mock control: the payer paid an open boleto at a bank (the bank reports it at once, in the mock). */
export function payBoleto(id: string, now: number): Transaction | undefined {
  const stored = loadState().transactions[id];
  if (stored?.transaction.payment_method !== 'boleto') return undefined;
  const settled = settle(stored, now);
  // A bank may accept a boleto after its due date: the gateway then reports it paid, late.
  const open =
    settled.transaction.status === 'waiting_payment' || stored.transaction.status === 'waiting_payment';
  if (!open) return undefined;
  return save(
    id,
    { ...stored, expiresAt: undefined, transaction: withStatus(stored.transaction, 'paid', now) },
    'boleto-paid',
    now,
  );
}

/** Mock control: the boleto's due date is over and it was not paid — the gateway ends it (`canceled`). */
export function expireBoletoNow(id: string, now: number): Transaction | undefined {
  const stored = loadState().transactions[id];
  if (stored?.transaction.payment_method !== 'boleto' || stored.transaction.status !== 'waiting_payment')
    return undefined;
  return save(
    id,
    { ...stored, expiresAt: now, transaction: withStatus(stored.transaction, 'canceled', now) },
    'expire',
    now,
  );
}

/** Open boletos, newest first, for the control page and the designer panel. */
export function waitingBoletoTransactions(now: number): Transaction[] {
  return Object.values(loadState().transactions)
    .map((stored) => settle(stored, now).transaction)
    .filter((t) => t.payment_method === 'boleto' && t.status === 'waiting_payment')
    .sort((a, b) => b.id - a.id);
}
