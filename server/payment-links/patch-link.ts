import {
  createPaymentLinkRequestSchema,
  type PatchPaymentLinkRequest,
} from '../../contract/payment-links/payment-link.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { linkTextsWithoutCardNumbers } from './link-card-numbers.ts';
import { writeLinkEvent } from './link-events.ts';
import { linkHasPayments, lockLink, updateLink } from './link-repository.ts';
import { readSettings } from './link-settings.ts';
import { linkStatus } from './link-status.ts';

export type PatchLinkResult =
  | { kind: 'updated'; row: PaymentLinkRow }
  | { kind: 'not-found' }
  | { kind: 'refused'; status: 400 | 409; message: string; type: string; parameter: string | null };

const PRICE_FIELDS = ['items', 'shipping_fee', 'custom_amount', 'quantity'] as const;

/** The fields of a PATCH as the merchant named them, with the link's values before the change. */
function previousAttributes(row: PaymentLinkRow, patch: PatchPaymentLinkRequest): Record<string, unknown> {
  const settings = readSettings(row.settings);
  const before: Record<keyof PatchPaymentLinkRequest, unknown> = {
    title: row.title,
    description: row.description,
    active: row.active,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_payments: row.maxPayments,
    inactive_message: row.inactiveMessage,
    after_payment: settings.afterPayment,
    metadata: row.metadata,
    items: row.items,
    shipping_fee: row.shippingFee,
    custom_amount: row.customAmount,
    quantity: row.quantity,
  };
  return Object.fromEntries(Object.keys(patch).map((key) => [key, before[key as keyof typeof before]]));
}

/**
 * `PATCH /api/v1/payment-links/{id}`, under the link's row lock: the change, `payment_link.updated` (with
 * `previous_attributes`), when a lower `max_payments` uses the link up `payment_link.completed`, and the audit
 * row naming the actor (`link.deactivate` for `{ active: false }` alone, else `link.change`) commit
 * together. The price never changes once the link has a payment; the merged link is checked whole, by the
 * create schema, so a PATCH cannot make a link that could not have been created.
 */
export async function patchLink(
  db: Database,
  id: string,
  given: PatchPaymentLinkRequest,
  options: { now: Date; publicUrl: string; actor: AuditActor },
): Promise<PatchLinkResult> {
  const { now } = options;
  const events = { now, publicUrl: options.publicUrl };
  const patch = linkTextsWithoutCardNumbers(given);
  return db.transaction(async (tx): Promise<PatchLinkResult> => {
    const row = await lockLink(tx, id);
    if (!row) return { kind: 'not-found' };
    const touchesPrice = PRICE_FIELDS.some((field) => patch[field] !== undefined);
    if (touchesPrice && (await linkHasPayments(tx, id))) {
      return {
        kind: 'refused',
        status: 409,
        message: 'This link has payments: its price cannot change. Create a new link instead.',
        type: 'payment_link_has_payments',
        parameter: PRICE_FIELDS.find((field) => patch[field] !== undefined) ?? null,
      };
    }
    if (patch.expires_at && new Date(patch.expires_at).getTime() <= now.getTime()) {
      return {
        kind: 'refused',
        status: 400,
        message: 'expires_at must be in the future (to stop a link now, set active to false).',
        type: 'invalid_parameter',
        parameter: 'expires_at',
      };
    }
    if (
      patch.max_payments !== undefined &&
      patch.max_payments !== null &&
      patch.max_payments < row.paymentsCount
    ) {
      return {
        kind: 'refused',
        status: 400,
        message: `This link already has ${row.paymentsCount} payments: max_payments cannot be lower.`,
        type: 'invalid_parameter',
        parameter: 'max_payments',
      };
    }
    const settings = readSettings(row.settings);
    const items = patch.custom_amount ? null : (patch.items ?? row.items);
    const customAmount = patch.items ? null : (patch.custom_amount ?? row.customAmount);
    const shippingFee =
      items === null ? null : patch.shipping_fee !== undefined ? patch.shipping_fee : row.shippingFee;
    const quantity = patch.quantity !== undefined ? patch.quantity : row.quantity;
    const afterPayment = patch.after_payment !== undefined ? patch.after_payment : settings.afterPayment;
    // The merged order, checked as a new link's would be (one item for a quantity, totals within bounds…).
    const merged = createPaymentLinkRequestSchema.safeParse({
      title: patch.title ?? row.title,
      ...(items ? { items } : {}),
      ...(shippingFee !== null ? { shipping_fee: shippingFee } : {}),
      ...(customAmount ? { custom_amount: customAmount } : {}),
      ...(quantity ? { quantity } : {}),
    });
    if (!merged.success) {
      const issue = merged.error.issues[0];
      return {
        kind: 'refused',
        status: 400,
        message: issue?.message ?? 'The link would not be valid.',
        type: 'invalid_parameter',
        parameter: issue?.path.join('.') || null,
      };
    }
    const maxPayments = patch.max_payments !== undefined ? patch.max_payments : row.maxPayments;
    const expiresAt =
      patch.expires_at !== undefined ? (patch.expires_at ? new Date(patch.expires_at) : null) : row.expiresAt;
    const usedUp = maxPayments !== null && row.paymentsCount >= maxPayments;
    // Used up by this PATCH: its notice is written here (or, the link not `completed`, not at all); used up
    // by a payment not announced yet, complete-links.ts still announces it.
    const usedUpNow = usedUp && row.completedAt === null;
    const updated = await updateLink(tx, id, {
      title: patch.title ?? row.title,
      description: patch.description !== undefined ? patch.description : row.description,
      active: patch.active ?? row.active,
      expiresAt,
      maxPayments,
      inactiveMessage: patch.inactive_message !== undefined ? patch.inactive_message : row.inactiveMessage,
      settings: { ...settings, afterPayment },
      metadata: patch.metadata ?? row.metadata,
      items,
      shippingFee,
      customAmount,
      quantity,
      completedAt: usedUp ? (row.completedAt ?? now) : null,
      completionAnnouncedAt: usedUpNow ? now : usedUp ? row.completionAnnouncedAt : null,
      // A later expiry is announced again when it comes.
      expiredAnnouncedAt:
        expiresAt !== null && expiresAt.getTime() <= now.getTime() ? row.expiredAnnouncedAt : null,
      updatedAt: now,
    });
    if (!updated) return { kind: 'not-found' };
    await writeLinkEvent(tx, 'payment_link.updated', updated, {
      ...events,
      previousAttributes: previousAttributes(row, patch),
    });
    if (usedUpNow && linkStatus(updated, now) === 'completed') {
      await writeLinkEvent(tx, 'payment_link.completed', updated, events);
    }
    const fields = Object.keys(patch);
    const deactivate = fields.length === 1 && patch.active === false;
    await recordAudit(
      tx,
      options.actor,
      deactivate ? 'link.deactivate' : 'link.change',
      { type: 'payment_link', id },
      deactivate ? { title: updated.title } : { title: updated.title, fields },
      now,
    );
    return { kind: 'updated', row: updated };
  });
}
