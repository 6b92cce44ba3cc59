import type { MerchantEventType } from '../../contract/merchant-events.ts';
import type { Database } from '../db/database.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { writeEvents } from '../events/outbox.ts';
import { amountsCollected } from './link-repository.ts';
import { toLinkEventObject, toPaymentLink } from './link-views.ts';

type LinkEventType = Extract<MerchantEventType, `payment_link.${string}`>;

/**
 * A `payment_link.*` event through the outbox, in the caller's transaction (the one that changed the
 * link): both commit or neither does. `extra` adds what the event is about (`previous_attributes`).
 */
export async function writeLinkEvent(
  tx: Database,
  type: LinkEventType,
  row: PaymentLinkRow,
  options: { publicUrl: string; now: Date; extra?: Record<string, unknown> },
): Promise<void> {
  const collected = (await amountsCollected(tx, [row.id])).get(row.id) ?? 0;
  const link = toPaymentLink(row, {
    publicUrl: options.publicUrl,
    now: options.now,
    amountCollected: collected,
  });
  await writeEvents(
    tx,
    [{ type, object: { ...toLinkEventObject(link), ...options.extra }, sessionId: null, attemptId: null }],
    options.now,
  );
}
