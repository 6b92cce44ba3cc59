import * as z from 'zod/mini';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { CheckoutSessionRow, PaymentAttemptRow } from '../db/rows.ts';
import { maskCardNumbers } from '../../contract/card-data-mask.ts';
import { textOrNull } from '../saved-cards/card-facts.ts';

export type PayerFacts = Pick<
  PaymentAttemptRow,
  'cardLast4' | 'cardBrand' | 'payerName' | 'payerEmail' | 'gatewayRefId' | 'customerDocument'
>;

/** The payer's CPF or CNPJ from the gateway's customer, as we send them (digits, or the alphanumeric CNPJ). */
function documentOf(documents: readonly { number: string }[] | null | undefined): string | null {
  const number = documents?.[0]?.number.replace(/[.\-/\s]/g, '').toUpperCase();
  return number !== undefined && /^\d{11}$|^[0-9A-Z]{12}\d{2}$/.test(number) ? number : null;
}

const emailSchema = z.email();

function emailOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length <= 254 && emailSchema.safeParse(trimmed).success ? trimmed : null;
}

/** The gateway's reference: printable, short, and never anything that looks like a card number. */
function refIdOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,64}$/.test(value)) return null;
  return maskCardNumbers(value) === value ? value : null;
}

/**
 * What support finds a payment by, kept on the attempt each time the gateway's transaction is recorded:
 * the brand and last four of the card (each field checked, as a saved card's are: an echoing gateway cannot
 * make us keep a card number — docs/decisions/241-console-payment-facts-and-search.md), who paid (the
 * transaction's customer, else the card holder, else the session's customer) and the gateway's `ref_id`.
 * A later read without a field keeps what an earlier one said.
 */
export function payerFactsOf(
  attempt: PaymentAttemptRow,
  session: Pick<CheckoutSessionRow, 'customer'>,
  transaction: Transaction,
): PayerFacts {
  const card = transaction.card;
  const last4 = card?.card_last_digits;
  return {
    cardLast4: typeof last4 === 'string' && /^\d{4}$/.test(last4) ? last4 : attempt.cardLast4,
    cardBrand: textOrNull(card?.brand, 40) ?? attempt.cardBrand,
    payerName:
      textOrNull(transaction.customer?.name, 120) ??
      textOrNull(card?.card_holder_name, 120) ??
      attempt.payerName ??
      textOrNull(session.customer?.name, 120),
    payerEmail:
      emailOrNull(transaction.customer?.email) ?? attempt.payerEmail ?? emailOrNull(session.customer?.email),
    gatewayRefId: refIdOrNull(transaction.ref_id) ?? attempt.gatewayRefId,
    // A PIX attempt has it from the start (its unknown outcome is matched by it); a 3DS card payment's
    // customer carries it too.
    customerDocument: attempt.customerDocument ?? documentOf(transaction.customer?.documents),
  };
}

/** Writes the facts onto a row field by field (its hidden class kept: attempt-row.ts). */
export function assignPayerFacts(row: PaymentAttemptRow, facts: PayerFacts): void {
  row.cardLast4 = facts.cardLast4;
  row.cardBrand = facts.cardBrand;
  row.payerName = facts.payerName;
  row.payerEmail = facts.payerEmail;
  row.gatewayRefId = facts.gatewayRefId;
  row.customerDocument = facts.customerDocument;
}
