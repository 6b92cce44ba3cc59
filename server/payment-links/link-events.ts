import type { Database } from '../db/database.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { writeEvents, type NewMerchantEvent } from '../events/outbox.ts';
import { amountsCollected } from './link-repository.ts';
import { toLinkWithoutQr } from './link-views.ts';

interface LinkEventOptions {
  publicUrl: string;
  now: Date;
}

/**
 * A `payment_link.*` event through the outbox, in the caller's transaction (the one that changed the
 * link): both commit or neither does. Every writer of these events comes here — a PATCH, the expiry sweep
 * and a payment that uses the link up alike — so each type has one shape: the link as the API shows it,
 * without its QR code (decision 289); `payment_link.updated` adds `previous_attributes`.
 */
export async function writeLinkEvent(
  tx: Database,
  type: 'payment_link.updated',
  row: PaymentLinkRow,
  options: LinkEventOptions & { previousAttributes: Record<string, unknown> },
): Promise<void>;
export async function writeLinkEvent(
  tx: Database,
  type: 'payment_link.created' | 'payment_link.completed' | 'payment_link.expired',
  row: PaymentLinkRow,
  options: LinkEventOptions,
): Promise<void>;
export async function writeLinkEvent(
  tx: Database,
  type: 'payment_link.created' | 'payment_link.updated' | 'payment_link.completed' | 'payment_link.expired',
  row: PaymentLinkRow,
  options: LinkEventOptions & { previousAttributes?: Record<string, unknown> },
): Promise<void> {
  const collected = (await amountsCollected(tx, [row.id])).get(row.id) ?? 0;
  const object = toLinkWithoutQr(row, {
    publicUrl: options.publicUrl,
    now: options.now,
    amountCollected: collected,
  });
  const ids = { sessionId: null, attemptId: null };
  const event: NewMerchantEvent =
    type === 'payment_link.updated'
      ? { type, object: { ...object, previous_attributes: options.previousAttributes ?? {} }, ...ids }
      : { type, object, ...ids };
  await writeEvents(tx, [event], options.now);
}
