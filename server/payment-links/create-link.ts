import type { CreatePaymentLinkRequest } from '../../contract/payment-links/payment-link.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { boletoRefusal } from '../payments/boleto-offered.ts';
import { requestHash } from '../sessions/create-session.ts';
import { newLinkCode, newPaymentLinkId } from './ids.ts';
import { linkTextsWithoutCardNumbers } from './link-card-numbers.ts';
import { writeLinkEvent } from './link-events.ts';
import { insertLink } from './link-repository.ts';
import { settingsOf } from './link-settings.ts';

export type CreateLinkResult =
  | { kind: 'created'; row: PaymentLinkRow }
  | { kind: 'replayed'; row: PaymentLinkRow }
  | { kind: 'conflict' }
  | { kind: 'invalid'; message: string; parameter: string };

/**
 * `POST /api/v1/payment-links`: the link, `payment_link.created` and the audit row naming the actor (the API
 * key or the console user) commit together. An Idempotency-Key replays the first answer (same body) or
 * conflicts (another body), as for sessions. `actor` null: a link the server makes itself (the designer's
 * demo), not on the log.
 */
export async function createLink(
  db: Database,
  given: CreatePaymentLinkRequest,
  options: {
    now: Date;
    publicUrl: string;
    idempotencyKey?: string;
    actor: AuditActor | null;
    /** Whether this server offers boleto: given, a link asking for it while off is refused (boleto-offered.ts). */
    boletoOn?: boolean;
  },
): Promise<CreateLinkResult> {
  const { now } = options;
  const refusal = options.boletoOn === undefined ? undefined : boletoRefusal(given.methods, options.boletoOn);
  if (refusal) return { kind: 'invalid', ...refusal };
  const expiresAt = given.expires_at ? new Date(given.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    return { kind: 'invalid', message: 'expires_at must be in the future.', parameter: 'expires_at' };
  }
  const hash = requestHash(given);
  const body = linkTextsWithoutCardNumbers(given);
  return db.transaction(async (tx) => {
    const result = await insertLink(tx, {
      id: newPaymentLinkId(),
      code: newLinkCode(),
      reference: body.reference ?? null,
      title: body.title,
      description: body.description ?? null,
      items: body.items ?? null,
      shippingFee: body.items ? (body.shipping_fee ?? null) : null,
      customAmount: body.custom_amount ?? null,
      quantity: body.quantity ?? null,
      settings: { ...settingsOf(body) },
      metadata: body.metadata ?? {},
      active: true,
      inactiveMessage: body.inactive_message ?? null,
      expiresAt,
      maxPayments: body.max_payments ?? null,
      idempotencyKey: options.idempotencyKey ?? null,
      requestHash: options.idempotencyKey ? hash : null,
      createdAt: now,
      updatedAt: now,
    });
    if (!result.created) {
      return result.row.requestHash === hash
        ? { kind: 'replayed' as const, row: result.row }
        : { kind: 'conflict' as const };
    }
    await writeLinkEvent(tx, 'payment_link.created', result.row, { publicUrl: options.publicUrl, now });
    if (options.actor) {
      const { row } = result;
      await recordAudit(
        tx,
        options.actor,
        'link.create',
        { type: 'payment_link', id: row.id },
        { title: row.title },
        now,
      );
    }
    return { kind: 'created' as const, row: result.row };
  });
}
