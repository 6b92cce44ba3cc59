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

/** The merchant's view of a link (`paymentLinkSchema`). */
export function toPaymentLink(
  row: PaymentLinkRow,
  options: { publicUrl: string; now: Date; amountCollected: number },
): PaymentLink {
  const settings = readSettings(row.settings);
  const url = linkUrl(options.publicUrl, row.code);
  return {
    id: row.id,
    object: 'payment_link',
    url,
    code: row.code,
    qr_code: linkQrSvg(url, row.title),
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

/** The object of `payment_link.*` events: the link without its QR code (a chat message, not a poster). */
export function toLinkEventObject(link: PaymentLink): PaymentLinkEventObject {
  const { qr_code: _qr, ...rest } = link;
  return rest;
}
