import type { BoletoResult } from '../../contract/boleto/boleto-model.ts';
import { toBoletoResult } from '../gateway/boleto-adapter.ts';
import {
  collectOf,
  type CheckoutSession,
  type PublicOrder,
  type PublicSession,
  type SessionPayment,
} from '../../contract/checkout-session.ts';
import { transactionSchema, type Transaction } from '../../contract/gateway/transaction.ts';
import type { SavedCard } from '../../contract/saved-cards.ts';
import type { CheckoutSessionRow, PaymentAttemptRow } from '../db/rows.ts';
import { closedTransaction, isClosedToShopper } from './closed-session.ts';
import { effectiveStatus } from './session-repository.ts';

/** The shopper's link, `{PUBLIC_URL}/pay/{id}`. */
export function shopperUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/pay/${id}`;
}

export function toSessionPayment(attempt: PaymentAttemptRow): SessionPayment {
  return {
    transaction_id: attempt.transactionId,
    payment_method: attempt.paymentMethod,
    amount: attempt.amount,
    installments: attempt.installments,
    status: attempt.status,
    created_at: attempt.createdAt.toISOString(),
    updated_at: attempt.updatedAt.toISOString(),
  };
}

/** The merchant's view (`checkoutSessionSchema`); `payments` only when asked for one session. */
export function toCheckoutSession(
  row: CheckoutSessionRow,
  options: { publicUrl: string; now: Date; payments?: PaymentAttemptRow[] },
): CheckoutSession {
  return {
    id: row.id,
    object: 'checkout_session',
    url: shopperUrl(options.publicUrl, row.id),
    status: effectiveStatus(row, options.now),
    mode: row.mode,
    amount: row.amount,
    currency: 'BRL',
    reference: row.reference,
    items: row.items,
    shipping_fee: row.shippingFee ?? 0,
    descriptor: row.descriptor,
    methods: row.methods,
    boleto: row.boleto,
    max_installments: row.maxInstallments,
    three_ds: row.threeDS,
    fees_paid_by: row.feesPaidBy,
    capture: row.capture,
    customer: row.customer,
    collect: collectOf(row.collect),
    save_cards: row.saveCards,
    ...(row.receipts ? {} : { receipts: false as const }),
    locale: row.locale,
    ...(row.shop ? { shop: row.shop } : {}),
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    embed_origins: row.embedOrigins,
    metadata: row.metadata,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    ...(options.payments ? { payments: options.payments.map(toSessionPayment) } : {}),
  };
}

/**
 * What the session knows of the customer, for the shopper's forms (name, e-mail, document, phone: what the
 * payment sends anyway). The shop's own customer id is not the shopper's business and stays out.
 */
function publicCustomer(customer: CheckoutSessionRow['customer']): PublicSession['customer'] {
  if (!customer) return null;
  const { external_id: _shopsOwn, ...shown } = customer;
  return Object.keys(shown).length > 0 ? shown : null;
}

/**
 * What the forms ask, for the shopper's page: only what differs from the defaults, so a plain session's
 * page (and its first paint) is unchanged.
 */
function publicCollect(collect: CheckoutSessionRow['collect']): Pick<PublicOrder, 'collect'> {
  const { address, phone } = collectOf(collect);
  const shown = { ...(address ? {} : { address }), ...(phone ? { phone } : {}) };
  return Object.keys(shown).length > 0 ? { collect: shown } : {};
}

/** The boleto of a boleto payment, normalised (the adapter checks its numbers), for the page after a reload. */
function boletoOf(
  latest: PaymentAttemptRow,
  transaction: Transaction | undefined,
): { boleto?: BoletoResult } {
  if (latest.paymentMethod !== 'boleto' || !transaction) return {};
  const boleto = toBoletoResult(transaction, latest.paidAt);
  return boleto ? { boleto } : {};
}

/**
 * What the shopper's page gets: the order in the browser's shape, where the latest payment stands and,
 * when the session allows them, the customer's saved cards (so the page needs no second request).
 */
export function toPublicSession(
  row: CheckoutSessionRow,
  latest: PaymentAttemptRow | undefined,
  now: Date,
  savedCards: SavedCard[] = [],
): PublicSession {
  const transaction = latest?.gatewayResponse
    ? transactionSchema.safeParse(latest.gatewayResponse)
    : undefined;
  const status = effectiveStatus(row, now);
  // Once complete or expired the link may be forwarded, bookmarked or read over a shoulder: the page shows
  // the result, never the customer's document, phone or address, nor cards saved since (closed-session.ts).
  const closed = isClosedToShopper(row, now);
  return {
    id: row.id,
    status,
    expires_at: row.expiresAt.toISOString(),
    // Written only when they say something, so a plain session's page (and its first paint) is unchanged.
    ...(row.mode === 'setup' ? { mode: row.mode, ...(row.locale ? { locale: row.locale } : {}) } : {}),
    ...(row.saveCards ? { save_cards: true, saved_cards: closed ? [] : savedCards } : {}),
    ...(row.shop ? { shop: row.shop } : {}),
    order:
      row.mode === 'setup'
        ? null
        : {
            amount: row.amount,
            items: row.items.map((item) => ({
              title: item.title,
              unitPrice: item.unit_price,
              quantity: item.quantity,
              tangible: item.tangible,
            })),
            ...(row.descriptor ? { descriptor: row.descriptor } : {}),
            methods: row.methods,
            maxInstallments: row.maxInstallments,
            threeDS: row.threeDS,
            feesPaidBy: row.feesPaidBy,
            ...(row.locale ? { locale: row.locale } : {}),
            ...(row.shippingFee !== null ? { shipping: { fee: row.shippingFee } } : {}),
            ...publicCollect(row.collect),
            ...(row.receipts ? {} : { receipts: false as const }),
          },
    customer: closed ? null : publicCustomer(row.customer),
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    payment: latest
      ? {
          status: latest.status,
          payment_method: latest.paymentMethod,
          transaction: transaction?.success
            ? closed
              ? closedTransaction(transaction.data)
              : transaction.data
            : null,
          ...boletoOf(latest, transaction?.success ? transaction.data : undefined),
        }
      : null,
  };
}
