import type { ConsoleLink, ConsoleLinkDetail } from '../../contract/console/console-links.ts';
import type { Database } from '../db/database.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { amountsCollected } from '../payment-links/link-repository.ts';
import { toLinkWithoutQr, toPaymentLink } from '../payment-links/link-views.ts';

/**
 * The console's links are the merchant API's (server/payment-links/link-views.ts): the same view, with the
 * amount collected. Rows (the list, a create or deactivate answer) leave the QR code out and never draw it;
 * one link's answer, for the print view, has it.
 */
export async function linkViews(
  db: Database,
  rows: PaymentLinkRow[],
  options: { publicUrl: string; now: Date },
): Promise<ConsoleLink[]> {
  const collected = await amountsCollected(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toLinkWithoutQr(row, { ...options, amountCollected: collected.get(row.id) ?? 0 }));
}

export async function linkWithQr(
  db: Database,
  row: PaymentLinkRow,
  options: { publicUrl: string; now: Date },
): Promise<ConsoleLinkDetail> {
  const collected = await amountsCollected(db, [row.id]);
  return toPaymentLink(row, { ...options, amountCollected: collected.get(row.id) ?? 0 });
}
