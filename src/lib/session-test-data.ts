import type { PublicSession } from '../../contract/checkout-session.ts';
import { pixTransactionSample } from '../../contract/testing/samples.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';

/** A public session as `GET /api/pay/{id}` answers it, for unit tests only. */
export const OPEN_SESSION: PublicSession = {
  id: 'cs_AbCdEfGhIjKlMnOpQrStUv',
  status: 'open',
  expires_at: '2026-11-22T12:00:00.000Z',
  order: {
    amount: 15090,
    items: [{ title: 'Tênis de corrida', unitPrice: 14090, quantity: 1, tangible: true }],
    descriptor: 'LOJA EXEMPLO',
    methods: ['credit_card', 'pix'],
    maxInstallments: 6,
    threeDS: 'off',
    feesPaidBy: 'merchant',
    shipping: { fee: 1000 },
  },
  customer: null,
  success_url: 'https://shop.example/thanks',
  cancel_url: 'https://shop.example/cart',
  payment: null,
};

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return { ...pixTransactionSample, ...overrides };
}
