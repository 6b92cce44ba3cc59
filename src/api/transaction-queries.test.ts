import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardTransactionRequestSchema } from '../../contract/gateway/transaction-request.ts';
import { cardRequestSample, pixTransactionSample } from '../../contract/testing/samples.ts';
import { transactionQueryOptions } from './transaction-queries.ts';
import { createTransaction } from './transactions.ts';

/** A gateway that echoes the card it was sent, in every place we have seen such echoes. */
const echoingBody = {
  ...pixTransactionSample,
  id: 1001,
  payment_method: 'credit_card',
  pix_qr_code: null,
  pix_expiration_date: null,
  pix_additional_fields: null,
  card_cvv: '123',
  card: {
    card_id: 8001,
    card_holder_name: 'MARIA SILVA',
    card_first_digits: '411111',
    card_last_digits: '1111',
    brand: 'visa',
    card_number: '4111111111111111',
    card_cvv: '123',
    card_expiration_date: '0333',
    number: '4111 1111 1111 1111',
  },
  metadata: { request: { card: { card_number: '4111111111111111', cvv: '123', expiry: '03/33' } } },
};

function secretsIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return ['4111111111111111', '4111 1111 1111 1111', '"123"', '0333', '03/33'].filter((s) =>
    text.includes(s),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('echoed card data never reaches the query cache', () => {
  it('drops card number, CVV and expiry from a transaction before it is cached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(echoingBody), { status: 200 }))),
    );
    const queryClient = new QueryClient();
    const options = transactionQueryOptions('/api', 1001);
    const returned = await queryClient.query(options);

    expect(secretsIn(returned)).toEqual([]);
    expect(secretsIn(queryClient.getQueryData(options.queryKey))).toEqual([]);
    expect(
      secretsIn(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state),
      ),
    ).toEqual([]);
    // What the result screen shows is kept.
    expect(returned.card).toMatchObject({
      card_first_digits: '411111',
      card_last_digits: '1111',
      brand: 'visa',
    });
    expect(returned.customer?.documents?.[0]?.number).toBe(
      pixTransactionSample.customer.documents[0]?.number,
    );
  });

  it('drops them from the answer to a payment too (it becomes the result screen initial data)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(echoingBody), { status: 200 }))),
    );
    const transaction = await createTransaction(
      '/api',
      cardTransactionRequestSchema.parse(cardRequestSample),
    );
    expect(secretsIn(transaction)).toEqual([]);
    expect(transaction.card?.card_last_digits).toBe('1111');
  });
});
