import type { SessionItem } from '../../contract/checkout-session.ts';
import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { sessionItemsForGateway } from './check-transaction-request.ts';

/**
 * The attempt's own id travels in the first item's `external_id` — a request field the gateway echoes in
 * its transaction (docs/decisions/122-exact-matching-of-unknown-outcomes.md) — so a transaction whose
 * answer we lost is recognised exactly, never guessed from amount and card digits. A merchant's own item
 * id is kept after a slash (`pa_…/sku-1`); attempt ids hold no slash, so the two never blur.
 */
const SEPARATOR = '/';

function referenceOf(attemptId: string, merchantId: string | undefined): string {
  return merchantId ? `${attemptId}${SEPARATOR}${merchantId}` : attemptId;
}

export function withAttemptReference(
  request: TransactionRequest,
  attemptId: string,
  sessionItems: readonly SessionItem[],
): TransactionRequest {
  // A PIX request may leave its items out; the session's are sent then, so the reference travels too.
  const items = request.items ?? sessionItemsForGateway(sessionItems);
  const [first, ...rest] = items;
  if (!first) return request;
  return {
    ...request,
    items: [{ ...first, external_id: referenceOf(attemptId, first.external_id) }, ...rest],
  };
}

/** The attempt whose id the transaction carries, if any. */
export function attemptIdOf(transaction: Transaction): string | undefined {
  const reference = transaction.items?.[0]?.external_id;
  if (typeof reference !== 'string' || !reference.startsWith('pa_')) return undefined;
  const cut = reference.indexOf(SEPARATOR);
  return cut === -1 ? reference : reference.slice(0, cut);
}
