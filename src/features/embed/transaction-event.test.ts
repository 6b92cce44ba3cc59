import { describe, expect, it } from 'vitest';
import { transactionEvent } from './transaction-event.ts';

describe('transactionEvent', () => {
  it('maps settled statuses to the host events, with the id, status and amount', () => {
    expect(transactionEvent({ id: 7, status: 'paid', amount: 15090, payment_method: 'credit_card' })).toEqual(
      { type: 'payment_succeeded', transactionId: 7, status: 'paid', amount: 15090 },
    );
    expect(
      transactionEvent({ id: 7, status: 'refused', amount: 15090, payment_method: 'credit_card' }),
    ).toEqual({ type: 'payment_failed', transactionId: 7, status: 'refused', amount: 15090 });
    expect(
      transactionEvent({ id: 8, status: 'waiting_payment', amount: 4990, payment_method: 'pix' }),
    ).toEqual({ type: 'pix_created', transactionId: 8, status: 'waiting_payment', amount: 4990 });
  });

  it('says nothing while a payment is still open', () => {
    expect(
      transactionEvent({ id: 7, status: 'processing', amount: 100, payment_method: 'credit_card' }),
    ).toBeNull();
    expect(
      transactionEvent({ id: 7, status: 'something_new', amount: 100, payment_method: 'pix' }),
    ).toBeNull();
  });
});
