import type { ConsoleLink } from '../../contract/console/console-links.ts';
import type { PaymentLink } from '../../contract/payment-links/payment-link.ts';
import type { Database } from '../db/database.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { amountsCollected } from '../payment-links/link-repository.ts';
import { toPaymentLink } from '../payment-links/link-views.ts';

/**
 * The console's links are the merchant API's (server/payment-links/link-views.ts): the same view, with the
 * amount collected; the list leaves the QR code out.
 */
export async function linkViews(
  db: Database,
  rows: PaymentLinkRow[],
  options: { publicUrl: string; now: Date },
): Promise<PaymentLink[]> {
  const collected = await amountsCollected(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPaymentLink(row, { ...options, amountCollected: collected.get(row.id) ?? 0 }));
}

export function withoutQr(link: PaymentLink): ConsoleLink {
  const { qr_code: _qr, ...rest } = link;
  return rest;
}
