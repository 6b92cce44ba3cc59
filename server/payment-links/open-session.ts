import {
  createSessionRequestSchema,
  type CreateSessionRequest,
  type SessionCustomer,
} from '../../contract/checkout-session.ts';
import {
  SESSION_ID_PLACEHOLDER,
  type Collect,
  type PaymentLinkStatus,
} from '../../contract/payment-links/payment-link.ts';
import type { Database } from '../db/database.ts';
import type { CheckoutSessionRow, PaymentLinkRow } from '../db/rows.ts';
import { createSession } from '../sessions/create-session.ts';
import { newSessionId } from '../sessions/ids.ts';
import { offeredMethods, readSettings } from './link-settings.ts';
import { linkStatus } from './link-status.ts';
import { linkUrl } from './link-views.ts';

export interface VisitChoice {
  /** Cents, when the customer chooses the amount. */
  amount?: number;
  quantity?: number;
  /** A signed pre-fill (prefill-signature.ts), already verified. */
  customer?: SessionCustomer;
}

export type OpenSessionResult =
  | { kind: 'opened'; session: CheckoutSessionRow }
  /** Inactive, expired or used up: the link page says so with the merchant's message. */
  | { kind: 'closed'; status: Exclude<PaymentLinkStatus, 'active'> }
  | { kind: 'invalid'; field: 'amount' | 'quantity' };

/** Where "back to the shop" goes after paying: the merchant's URL (`{session_id}` filled) or the link's thank-you page. */
function successUrl(link: PaymentLinkRow, publicUrl: string, sessionId: string): string | undefined {
  const after = readSettings(link.settings).afterPayment;
  if (after && 'redirect_url' in after)
    return after.redirect_url.replaceAll(SESSION_ID_PLACEHOLDER, sessionId);
  if (after) return `${linkUrl(publicUrl, link.code)}/thanks`;
  return undefined;
}

/** The order of one visit: the link's items (with the chosen quantity) or one line of the chosen amount. */
function orderOf(
  link: PaymentLinkRow,
  choice: VisitChoice,
): CreateSessionRequest['items'] | 'amount' | 'quantity' {
  if (link.customAmount) {
    const { amount } = choice;
    if (amount === undefined || !Number.isInteger(amount)) return 'amount';
    if (amount < link.customAmount.min || amount > link.customAmount.max) return 'amount';
    return [{ title: link.title, unit_price: amount, quantity: 1, tangible: false }];
  }
  const items = link.items ?? [];
  if (!link.quantity) return items;
  const quantity =
    choice.quantity ?? Math.max(link.quantity.min, Math.min(link.quantity.max, items[0]?.quantity ?? 1));
  if (!Number.isInteger(quantity) || quantity < link.quantity.min || quantity > link.quantity.max)
    return 'quantity';
  return items.map((item) => ({ ...item, quantity }));
}

/**
 * What the link's sessions ask (`address`, `phone`); its `document` is not a session setting: the CPF is
 * asked wherever the payment needs it (contract/payment-links/payment-link.ts).
 */
function linkCollect(collect: Collect): Pick<CreateSessionRequest, 'collect'> {
  const { address, phone } = collect;
  const kept = { ...(address === undefined ? {} : { address }), ...(phone === undefined ? {} : { phone }) };
  return Object.keys(kept).length > 0 ? { collect: kept } : {};
}

/**
 * A visit of a link opens a fresh checkout session with the link's order — through the one session
 * creation use case (sessions/create-session.ts), so a link's session is a session like any other. The
 * session knows only what this visit brought (a verified pre-fill): never an earlier payer's data, and it
 * shows no saved cards. The amount comes from the link (or within its bounds), never from anyone else.
 */
export async function openSessionFromLink(
  db: Database,
  link: PaymentLinkRow,
  choice: VisitChoice,
  options: { now: Date; publicUrl: string; boletoOn: boolean },
): Promise<OpenSessionResult> {
  const status = linkStatus(link, options.now);
  if (status !== 'active') return { kind: 'closed', status };
  const items = orderOf(link, choice);
  if (items === 'amount' || items === 'quantity') return { kind: 'invalid', field: items };
  const settings = readSettings(link.settings);
  const methods = offeredMethods(settings, options.boletoOn);
  const id = newSessionId();
  const success = successUrl(link, options.publicUrl, id);
  const body = createSessionRequestSchema.parse({
    reference: link.reference ?? link.id,
    items,
    ...(link.shippingFee !== null && !link.customAmount ? { shipping_fee: link.shippingFee } : {}),
    ...(settings.descriptor ? { descriptor: settings.descriptor } : {}),
    methods,
    ...(settings.boleto && methods.includes('boleto') ? { boleto: settings.boleto } : {}),
    max_installments: settings.maxInstallments,
    three_ds: settings.threeDS,
    fees_paid_by: settings.feesPaidBy,
    capture: settings.capture,
    ...(choice.customer ? { customer: choice.customer } : {}),
    ...linkCollect(settings.collect),
    ...(settings.locale ? { locale: settings.locale } : {}),
    ...(settings.receipts === false ? { receipts: false } : {}),
    ...(success ? { success_url: success } : {}),
    // "Back" from the checkout returns to the link's page.
    cancel_url: linkUrl(options.publicUrl, link.code),
    embed_origins: settings.embedOrigins,
    metadata: link.metadata,
  } satisfies CreateSessionRequest);
  const created = await createSession(db, body, { now: options.now, id, paymentLinkId: link.id });
  if (created.kind !== 'created') throw new Error('a link visit opened no session');
  return { kind: 'opened', session: created.row };
}
