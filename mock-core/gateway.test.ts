import { beforeEach, describe, expect, it } from 'vitest';
import { transactionSchema } from '../contract/gateway/transaction.ts';
import { cardRequestSample, pixRequestSample, threeDSRequestSample } from '../contract/testing/samples.ts';
import {
  createTransaction,
  gatewayLocalDateTime,
  formatGatewayTimestamp,
  expirePixNow,
  getTransaction,
  type MockAnswer,
  waitingPixTransactions,
} from './gateway.ts';
import { numberTransactionsAfter, resetMockStorage } from './store.ts';

const NOW = Date.parse('2026-11-22T12:00:00.123Z');
const ctx = { now: NOW, origin: 'https://checkout.test' };

function withCard(number: string, extra: Partial<typeof cardRequestSample.card> = {}) {
  return { ...cardRequestSample, card: { ...cardRequestSample.card, card_number: number, ...extra } };
}

function jsonBody(answer: MockAnswer): { status: number; body: Record<string, unknown> } {
  if (answer.kind !== 'json') throw new Error(`expected a JSON answer, got ${answer.kind}`);
  return { status: answer.status, body: answer.body as Record<string, unknown> };
}

function transactionOf(answer: MockAnswer) {
  const { status, body } = jsonBody(answer);
  expect(status).toBe(200);
  return transactionSchema.parse(body);
}

beforeEach(() => {
  resetMockStorage();
});

describe('mock gateway: card scenarios by test card number', () => {
  it.each([
    ['4111111111111111', 'paid'],
    ['5555555555554444', 'paid'],
    ['4000000000000002', 'refused'],
    ['4000000000000119', 'processing'],
  ])('%s → %s', (number, status) => {
    expect(transactionOf(createTransaction(withCard(number), ctx)).status).toBe(status);
  });

  it('4000 0000 0000 0135 stays processing', () => {
    const created = transactionOf(createTransaction(withCard('4000000000000135'), ctx));
    expect(created.status).toBe('processing');
    expect(transactionOf(getTransaction(String(created.id), { now: NOW + 3_600_000 })).status).toBe(
      'processing',
    );
  });

  it('4000 0000 0000 0127 answers 400 on card_cvv', () => {
    const { status, body } = jsonBody(createTransaction(withCard('4000000000000127'), ctx));
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [{ message: 'Invalid security code', parameter_name: 'card_cvv', type: 'invalid_parameter' }],
    });
  });

  it('a processing payment becomes paid a few seconds later', () => {
    const created = transactionOf(createTransaction(withCard('4000000000000119'), ctx));
    expect(transactionOf(getTransaction(String(created.id), { now: NOW + 1000 })).status).toBe('processing');
    const settled = transactionOf(getTransaction(String(created.id), { now: NOW + 5000 }));
    expect(settled.status).toBe('paid');
    expect(settled.paid_amount).toBe(cardRequestSample.amount);
  });

  it('answers with every field of spec 2.9 in the spec formats, and no full card number or CVV', () => {
    const answer = createTransaction(withCard('4111111111111111'), ctx);
    const { body } = jsonBody(answer);
    const transaction = transactionOf(answer);
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'ip_address',
        'tid',
        'amount',
        'capture_amount',
        'paid_amount',
        'ref_id',
        'status',
        'created_at',
        'updated_at',
        'card',
        'pix_qr_code',
        'pix_expiration_date',
        'pix_additional_fields',
        'installments',
        'reference_key',
        'session',
        'local_time',
        'payment_method',
        'customer',
        'billing',
        'items',
        'threeDSecure',
        'metadata',
      ].sort(),
    );
    expect(transaction.created_at).toBe('2026-11-22T12:00:00.123000Z');
    expect(transaction.ref_id).toMatch(/^\d{10}$/);
    expect(transaction.card).toMatchObject({
      card_first_digits: '411111',
      card_last_digits: '1111',
      brand: 'visa',
    });
    expect(transaction.items?.[0]?.tangible).toBe(1);
    const text = JSON.stringify(body);
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('card_cvv');
  });

  it('answers 400 naming each invalid parameter', () => {
    const { status, body } = jsonBody(createTransaction({ ...cardRequestSample, installments: 0 }, ctx));
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ parameter_name: 'installments' })]);
  });

  it('transport scenarios by holder name', () => {
    expect(
      createTransaction(withCard('4111111111111111', { card_holder_name: 'network error' }), ctx).kind,
    ).toBe('network-error');
    expect(
      jsonBody(createTransaction(withCard('4111111111111111', { card_holder_name: 'SERVER ERROR' }), ctx))
        .status,
    ).toBe(500);
    const unreadable = jsonBody(
      createTransaction(withCard('4111111111111111', { card_holder_name: 'BAD RESPONSE' }), ctx),
    );
    expect(unreadable.status).toBe(200);
    expect(transactionSchema.safeParse(unreadable.body).success).toBe(false);
  });

  it('a 3DS request gets a challenge URL on the page origin and stays processing', () => {
    const transaction = transactionOf(createTransaction(threeDSRequestSample, ctx));
    expect(transaction.status).toBe('processing');
    expect(transaction.threeDSecure?.url).toMatch(
      /^https:\/\/checkout\.test\/mock-bank\/challenge\?token=[0-9a-f]{32}$/,
    );
  });

  it('a 3DS challenge page under a folder when the transport names one', () => {
    const page = 'https://designs.example/review/mock-bank/challenge/';
    const transaction = transactionOf(
      createTransaction(threeDSRequestSample, { ...ctx, challengePage: page }),
    );
    expect(transaction.threeDSecure?.url).toMatch(
      /^https:\/\/designs\.example\/review\/mock-bank\/challenge\/\?token=/,
    );
  });

  it.each([
    ['BANK APPROVES', 'authorized', 'urlSuccess'],
    ['BANK DECLINES', 'refused', 'urlFail'],
    ['BANK NO ANSWER', 'processing', 'urlSuccess'],
  ] as const)(
    '3DS holder %s: the bank answers by itself (%s) and sends the shopper back',
    (name, status, to) => {
      const request = {
        ...threeDSRequestSample,
        card: { ...threeDSRequestSample.card, card_holder_name: name },
      };
      const transaction = transactionOf(createTransaction(request, ctx));
      expect(transaction.status).toBe(status);
      expect(transaction.threeDSecure?.url).toBe(threeDSRequestSample.threeDSecure[to]);
    },
  );

  it('an unknown transaction is a 404', () => {
    expect(jsonBody(getTransaction('999999', { now: NOW })).status).toBe(404);
  });
});

describe('mock gateway: PIX', () => {
  it.each([
    ['PIX PAID SOON', 'paid'],
    ['PIX EXPIRES SOON', 'canceled'],
  ])('a code for payer %s is %s 3 s after it is issued, and open until then', (name, later) => {
    const request = { ...pixRequestSample, customer: { ...pixRequestSample.customer, name } };
    const created = transactionOf(createTransaction(request, ctx));
    expect(created.status).toBe('waiting_payment');
    const id = String(created.id);
    expect(transactionOf(getTransaction(id, { now: NOW + 2_900 })).status).toBe('waiting_payment');
    expect(transactionOf(getTransaction(id, { now: NOW + 3_000 })).status).toBe(later);
  });

  it('starts waiting_payment with a BR Code and an expiry in gateway local time', () => {
    const transaction = transactionOf(createTransaction(pixRequestSample, ctx));
    expect(transaction.status).toBe('waiting_payment');
    expect(transaction.pix_qr_code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    // 12:00 UTC is 09:00 in São Paulo; 30 minutes later by default.
    expect(transaction.pix_expiration_date).toBe('2026-11-22 09:30:00');
    expect(transaction.pix_additional_fields?.pix_id).toBeTruthy();
  });

  it('accepts a PIX charge without billing (a session that collects no address) and one with it', () => {
    const { billing: _billing, ...request } = pixRequestSample;
    const bare = transactionOf(createTransaction(request, ctx));
    expect(bare.status).toBe('waiting_payment');
    expect(bare.billing).toBeNull();
    const full = transactionOf(createTransaction(pixRequestSample, ctx));
    expect(full.billing?.name).toBe(pixRequestSample.billing.name);
  });

  it('accepts a payer without phone numbers', () => {
    const request = { ...pixRequestSample, customer: { ...pixRequestSample.customer, phone_numbers: [] } };
    expect(transactionOf(createTransaction(request, ctx)).customer?.phone_numbers).toEqual([]);
  });

  it('turns an open code canceled once its expiry passes', () => {
    const { id } = transactionOf(createTransaction(pixRequestSample, ctx));
    expect(transactionOf(getTransaction(String(id), { now: NOW + 29 * 60_000 })).status).toBe(
      'waiting_payment',
    );
    expect(transactionOf(getTransaction(String(id), { now: NOW + 30 * 60_000 })).status).toBe('canceled');
  });

  it('lists open codes newest first for the designer panel, and "Expire now" ends one at once', () => {
    const first = transactionOf(createTransaction(pixRequestSample, ctx));
    const second = transactionOf(createTransaction(pixRequestSample, ctx));
    expect(waitingPixTransactions(NOW).map((t) => t.id)).toEqual([second.id, first.id]);

    const expired = expirePixNow(String(second.id), NOW + 60_000);
    expect(expired?.status).toBe('canceled');
    // The expiry date moves to now (09:01 in São Paulo), so the shopper's countdown agrees.
    expect(expired?.pix_expiration_date).toBe('2026-11-22 09:01:00');
    expect(transactionOf(getTransaction(String(second.id), { now: NOW + 61_000 })).status).toBe('canceled');
    expect(waitingPixTransactions(NOW + 61_000).map((t) => t.id)).toEqual([first.id]);
    expect(expirePixNow('999999', NOW)).toBeUndefined();
  });
});

describe('gateway time formats', () => {
  it('writes timestamps with six fractional digits and Z', () => {
    expect(formatGatewayTimestamp(Date.parse('2022-02-02T18:05:37Z'))).toBe('2022-02-02T18:05:37.000000Z');
  });

  it('writes local date-times in the gateway zone', () => {
    expect(gatewayLocalDateTime(Date.parse('2025-04-02T16:43:00Z'))).toBe('2025-04-02 13:43:00');
    expect(gatewayLocalDateTime(Date.parse('2025-04-02T16:43:00Z'), 'Asia/Tokyo')).toBe(
      '2025-04-03 01:43:00',
    );
  });
});

describe('mock gateway: transaction ids after a restart', () => {
  it('numbers on from the highest id the checkout already knows, never reusing one', () => {
    numberTransactionsAfter(5000);
    expect(transactionOf(createTransaction(cardRequestSample, ctx)).id).toBe(5001);
    // A lower known id (an emptier database) never moves the numbering back.
    numberTransactionsAfter(10);
    expect(transactionOf(createTransaction(cardRequestSample, ctx)).id).toBe(5002);
  });
});
