/**
 * A receivable's status (docs/decisions/320-receivables-kept-from-the-gateway.md): `expected` until the gateway
 * says the money was paid out (`paid`), or `canceled` when a refund or chargeback took it back. The gateway's
 * own word is kept beside it (`gateway_status`); a status we do not know reads as `expected` — never guessed
 * to be money in the account.
 */
export const RECEIVABLE_STATUSES = ['expected', 'paid', 'canceled'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

/** Where each status may go: paid is final; a canceled installment comes back only if the gateway says so. */
export const RECEIVABLE_MACHINE: Readonly<Record<ReceivableStatus, readonly ReceivableStatus[]>> = {
  expected: ['paid', 'canceled'],
  paid: [],
  canceled: ['expected', 'paid'],
};

const PAID_WORDS = new Set(['paid', 'settled', 'liquidated', 'pago', 'liquidado']);
const CANCELED_WORDS = new Set([
  'canceled',
  'cancelled',
  'refunded',
  'chargedback',
  'charged_back',
  'cancelado',
  'estornado',
]);

/** The gateway's installment status (any string, or none) as ours. */
export function receivableStatusOf(gatewayStatus: string | null): ReceivableStatus {
  const word = (gatewayStatus ?? '').trim().toLowerCase();
  if (PAID_WORDS.has(word)) return 'paid';
  if (CANCELED_WORDS.has(word)) return 'canceled';
  return 'expected';
}

/** The status after a read: a move the machine does not allow keeps the stored one. */
export function nextReceivableStatus(from: ReceivableStatus, read: ReceivableStatus): ReceivableStatus {
  if (from === read) return from;
  return RECEIVABLE_MACHINE[from].includes(read) ? read : from;
}
