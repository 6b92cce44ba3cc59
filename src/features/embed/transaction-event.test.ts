import { describe, expect, it } from 'vitest';
import { transactionEvent } from './transaction-event.ts';

describe('transactionEvent', () => {
  it('maps settled statuses to the host events', () => {
    expect(transactionEvent({ id: 7, status: 'paid', payment_method: 'credit_card' })).toEqual({
      type: 'payment_succeeded',
      transactionId: 7,
      status: 'paid',
    });
    expect(transactionEvent({ id: 7, status: 'refused', payment_method: 'credit_card' })).toEqual({
      type: 'payment_failed',
      transactionId: 7,
      status: 'refused',
    });
    expect(transactionEvent({ id: 8, status: 'waiting_payment', payment_method: 'pix' })).toEqual({
      type: 'pix_created',
      transactionId: 8,
      status: 'waiting_payment',
    });
  });

  it('says nothing while a payment is still open', () => {
    expect(transactionEvent({ id: 7, status: 'processing', payment_method: 'credit_card' })).toBeNull();
    expect(transactionEvent({ id: 7, status: 'something_new', payment_method: 'pix' })).toBeNull();
  });
});
