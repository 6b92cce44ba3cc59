import type { MerchantEventType } from '../../contract/merchant-events.ts';

/**
 * How far along a status is. A gateway read that would move a payment back (a late webhook, a replica
 * behind) is ignored: `paid` never returns to `authorized`, `refunded` never to `paid`.
 */
const RANK: Record<string, number> = {
  sending: 0,
  unknown: 0,
  processing: 1,
  waiting_payment: 1,
  authorized: 2,
  paid: 3,
  refused: 3,
  canceled: 3,
  failed: 3,
  pending_refund: 4,
  refunded: 5,
  chargedback: 5,
};

export function isRegression(from: string, to: string): boolean {
  return (RANK[to] ?? 1) < (RANK[from] ?? 1);
}

/** Statuses reconciliation keeps following (the gateway may still move them). */
export const FOLLOWED_STATUSES: ReadonlySet<string> = new Set([
  'sending',
  'unknown',
  'processing',
  'waiting_payment',
  'authorized',
  'pending_refund',
]);

const CAPTURED_STATUSES: ReadonlySet<string> = new Set(['paid', 'pending_refund', 'refunded', 'chargedback']);

export interface PaymentFacts {
  status: string;
  paymentMethod: string;
  capturedAmount: number;
  refundedAmount: number;
}

/** Which merchant events a change from `before` to `after` means (names: docs/merchants/events.md). */
export function paymentEventTypes(before: PaymentFacts, after: PaymentFacts): MerchantEventType[] {
  const types: MerchantEventType[] = [];
  const changed = before.status !== after.status;
  if (changed && after.status === 'authorized') types.push('payment.authorized');
  if (changed && CAPTURED_STATUSES.has(after.status) && !CAPTURED_STATUSES.has(before.status)) {
    if (before.status === 'authorized') types.push('payment.captured');
    types.push('payment.succeeded');
  }
  if (changed && (after.status === 'refused' || after.status === 'failed')) types.push('payment.failed');
  if (changed && after.status === 'canceled') {
    types.push(
      after.paymentMethod === 'pix' && before.status === 'waiting_payment' ? 'pix.expired' : 'payment.failed',
    );
  }
  if (after.refundedAmount > before.refundedAmount) types.push('payment.refunded');
  return types;
}

/** What the gateway's transaction says was captured and refunded (the gateway's word, not our sums). */
export function capturedAmountOf(
  status: string,
  paidAmount: number | null | undefined,
  amount: number,
): number {
  if (!CAPTURED_STATUSES.has(status)) return 0;
  return paidAmount ?? amount;
}
