import creditCardType from 'credit-card-type';
import {
  transactionRequestSchema,
  type TransactionRequest,
} from '../contract/gateway/transaction-request.ts';
import type { Transaction } from '../contract/gateway/transaction.ts';
import { buildBrCode } from './br-code.ts';
import { holderNameScenario, scenarioForCard } from './scenarios.ts';
import { loadSettings, loadState, saveState, type StoredTransaction } from './store.ts';

/** What a handler should answer; transports (MSW in the browser, tests) turn it into a response. */
export type MockAnswer =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'network-error' }
  | { kind: 'delay-then'; delayMs: number; answer: MockAnswer };

export interface MockContext {
  now: number;
  /** Origin of the page, for the 3DS challenge URL. */
  origin: string;
}

const PROCESSING_MS = 4000;
/** The gateway's local time zone, in which `pix_expiration_date` is written (DESIGN.md). */
export const GATEWAY_TIME_ZONE = 'America/Sao_Paulo';

/** `2026-11-22T00:13:27.123000Z`: six fractional digits, as the gateway writes them. */
export function gatewayTimestamp(epochMs: number): string {
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

function randomToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (v) => v.toString(16).padStart(2, '0')).join(
    '',
  );
}

function json(status: number, body: unknown): MockAnswer {
  return { kind: 'json', status, body };
}

function integrationError(message: string, parameterName: string, type = 'invalid_parameter'): MockAnswer {
  return json(400, { errors: [{ message, parameter_name: parameterName, type }] });
}

function brandOf(cardNumber: string): string {
  return creditCardType(cardNumber)[0]?.type ?? 'unknown';
}

function baseTransaction(id: number, request: TransactionRequest, ctx: MockContext): Transaction {
  const stamp = gatewayTimestamp(ctx.now);
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
          phone_numbers: request.customer.phone_numbers,
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
    billing: {
      id: id + 9000,
      name: request.billing.name,
      created_at: stamp,
      updated_at: stamp,
      address: {
        ...request.billing.address,
        zipcode: request.billing.address.zipcode ?? null,
        complementary: null,
      },
    },
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
    updated_at: gatewayTimestamp(now),
  };
}

/** Moves time-driven transactions on: `processing` cards settle, PIX codes expire. */
function settle(stored: StoredTransaction, now: number): StoredTransaction {
  const { transaction } = stored;
  if (stored.settleAt !== undefined && now >= stored.settleAt && transaction.status === 'processing') {
    return { ...stored, settleAt: undefined, transaction: withStatus(transaction, 'paid', now) };
  }
  if (stored.expiresAt !== undefined && now >= stored.expiresAt && transaction.status === 'waiting_payment') {
    return { ...stored, transaction: withStatus(transaction, 'canceled', now) };
  }
  return stored;
}

/** A 400 in the shape DESIGN.md expects, one entry per schema issue, named by its dotted path. */
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

  if (request.payment_method === 'credit_card') {
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
    const scenario = scenarioForCard(request.card.card_number);
    if (scenario === 'cvv-error') return integrationError('Invalid security code', 'card_cvv');
    const card = {
      card_id: id + 7000,
      card_holder_name: request.card.card_holder_name,
      created_at: gatewayTimestamp(ctx.now),
      updated_at: gatewayTimestamp(ctx.now),
      card_first_digits: request.card.card_number.slice(0, 6),
      card_last_digits: request.card.card_number.slice(-4),
      brand: brandOf(request.card.card_number),
    };
    stored.transaction = { ...stored.transaction, card };
    if ('threeDSecure' in request) {
      const token = randomToken();
      stored = {
        ...stored,
        challengeToken: token,
        challengeOutcome: scenario === 'refuse' || scenario === 'challenge-fail' ? 'refused' : 'authorized',
        threeDSecureReturn: { success: request.threeDSecure.urlSuccess, fail: request.threeDSecure.urlFail },
        transaction: {
          ...stored.transaction,
          threeDSecure: { url: `${ctx.origin}/mock-bank/challenge?token=${token}` },
        },
      };
    } else if (scenario === 'refuse') {
      stored.transaction = withStatus(stored.transaction, 'refused', ctx.now);
    } else if (scenario === 'processing') {
      stored.settleAt = ctx.now + PROCESSING_MS;
    } else if (scenario === 'processing-stuck') {
      // Left `processing` with no settleAt: only the designer panel's store reset ends it.
    } else {
      stored.transaction = withStatus(stored.transaction, 'paid', ctx.now);
    }
  } else {
    const expiresAt = ctx.now + loadSettings().pixExpiryMinutes * 60_000;
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
  state.transactions[String(id)] = stored;
  saveState(state);
  return json(200, stored.transaction);
}

function notFound(): MockAnswer {
  return json(404, { errors: [{ message: 'Transaction not found', type: 'not_found' }] });
}

export function getTransaction(id: string, ctx: Pick<MockContext, 'now'>): MockAnswer {
  const state = loadState();
  const stored = state.transactions[id];
  if (!stored) return notFound();
  const settled = settle(stored, ctx.now);
  if (settled !== stored) {
    state.transactions[id] = settled;
    saveState(state);
  }
  return json(200, settled.transaction);
}

export function listTransactions(ctx: Pick<MockContext, 'now'>): MockAnswer {
  const state = loadState();
  const list = Object.values(state.transactions).map((stored) => settle(stored, ctx.now).transaction);
  return json(200, list.reverse());
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
  state.transactions[id] = updated;
  saveState(state);
  return updated.transaction;
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
 * this moment so the shopper's countdown agrees (docs/decisions.md: how an expired PIX looks).
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
  state.transactions[id] = updated;
  saveState(state);
  return updated.transaction;
}

export function findByChallengeToken(token: string): StoredTransaction | undefined {
  return Object.values(loadState().transactions).find((stored) => stored.challengeToken === token);
}
