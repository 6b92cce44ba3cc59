import type { MerchantPayment } from '../../contract/merchant-events.ts';

/** A payment as events carry it, for tests that write events of their own (outbox, delivery, fan-out). */
export function merchantPaymentFixture(overrides: Partial<MerchantPayment> = {}): MerchantPayment {
  return {
    id: 'pa_x',
    object: 'payment',
    session_id: 'cs_x',
    reference: 'order-1001',
    transaction_id: 1001,
    payment_method: 'credit_card',
    status: 'paid',
    amount: 16590,
    authorized_amount: 16590,
    captured_amount: 16590,
    refunded_amount: 0,
    capture: 'automatic',
    capture_deadline_at: null,
    created_at: '2026-11-22T12:00:00.000Z',
    updated_at: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}
