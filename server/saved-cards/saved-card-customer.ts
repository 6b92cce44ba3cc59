import type { CheckoutSessionRow } from '../db/rows.ts';

/**
 * The customer whose saved cards a session may show, use and add to; undefined when it allows none
 * (`save_cards` off, or no `customer.external_id`). The one rule every saved-card path goes through.
 */
export function savedCardCustomer(
  session: Pick<CheckoutSessionRow, 'saveCards' | 'customer'>,
): string | undefined {
  return session.saveCards ? session.customer?.external_id : undefined;
}
