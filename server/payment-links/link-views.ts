import type { PaymentLinkEventObject } from '../../contract/merchant-event-objects.ts';
import type { PaymentLink } from '../../contract/payment-links/payment-link.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { readSettings } from './link-settings.ts';
import { linkStatus } from './link-status.ts';
import { linkQrSvg } from './qr-svg.ts';

/** `{PUBLIC_URL}/l/{code}`: what the merchant shares and the QR code holds. */
export function linkUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/l/${code}`;
}

interface LinkViewOptions {
  publicUrl: string;
  now: Date;
  amountCollected: number;
}

/** The merchant's view of a link (`paymentLinkSchema`), with its QR code: one link's answer, the API's list. */
export function toPaymentLink(row: PaymentLinkRow, options: LinkViewOptions): PaymentLink {
  const { id, object, url, code, ...rest } = toLinkWithoutQr(row, options);
  return { id, object, url, code, qr_code: linkQrSvg(url, row.title), ...rest };
}

/**
 * The link without its QR code, which is never drawn for it: the object of `payment_link.*` events (a chat
 * message, not a poster) and the console's list rows. Drawing the SVG costs more than the rest of the view.
 */
export function toLinkWithoutQr(row: PaymentLinkRow, options: LinkViewOptions): PaymentLinkEventObject {
  const settings = readSettings(row.settings);
  return {
    id: row.id,
    object: 'payment_link',
    url: linkUrl(options.publicUrl, row.code),
    code: row.code,
    status: linkStatus(row, options.now),
    active: row.active,
    title: row.title,
    description: row.description,
    reference: row.reference,
    items: row.items,
    shipping_fee: row.shippingFee,
    custom_amount: row.customAmount,
    quantity: row.quantity,
    methods: settings.methods,
    boleto: settings.boleto ?? null,
    max_installments: settings.maxInstallments,
    three_ds: settings.threeDS,
    fees_paid_by: settings.feesPaidBy,
    capture: settings.capture,
    locale: settings.locale,
    ...(settings.receipts === false ? { receipts: false as const } : {}),
    descriptor: settings.descriptor,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_payments: row.maxPayments,
    after_payment: settings.afterPayment,
    collect: settings.collect,
    inactive_message: row.inactiveMessage,
    embed_origins: settings.embedOrigins,
    metadata: row.metadata,
    payments_count: row.paymentsCount,
    amount_collected: options.amountCollected,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
