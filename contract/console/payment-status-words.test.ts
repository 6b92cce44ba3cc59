import { describe, expect, it } from 'vitest';
import { shownPaymentStatus, statusWord } from './payment-status-words.ts';

describe('a payment status as shown', () => {
  it('says partly refunded or refunded once money went back from a paid payment', () => {
    const paid = { status: 'paid', captured_amount: 10_000, refunded_amount: 0 };
    expect(shownPaymentStatus(paid)).toBe('paid');
    expect(shownPaymentStatus({ ...paid, refunded_amount: 2_500 })).toBe('partially_refunded');
    expect(shownPaymentStatus({ ...paid, refunded_amount: 10_000 })).toBe('refunded');
    expect(shownPaymentStatus({ ...paid, status: 'refunded', refunded_amount: 10_000 })).toBe('refunded');
    expect(shownPaymentStatus({ ...paid, status: 'pending_refund', refunded_amount: 0 })).toBe(
      'pending_refund',
    );
  });

  it('has words in both languages for every status the console shows, never the raw word', () => {
    for (const status of ['partially_refunded', 'succeeded', 'waiting_funds', 'delivered', 'pending']) {
      expect(statusWord(status, 'pt-BR')).not.toBe(status);
      expect(statusWord(status, 'en')).not.toBe(status);
    }
    expect(statusWord('partially_refunded', 'pt-BR')).toBe('Parcialmente reembolsado');
    expect(statusWord('something_new', 'en')).toBe('something_new');
  });
});
