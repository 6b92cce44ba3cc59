import * as z from 'zod/mini';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import type { CheckoutSessionRow, PaymentAttemptRow } from '../db/rows.ts';
import { maskCardNumbers } from '../../contract/card-data-mask.ts';
import { textOrNull } from '../saved-cards/card-facts.ts';

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
 * A later read without a field keeps what an earlier one said. Written onto `row` field by field, which keeps its
 * hidden class (attempt-row.ts); read from `attempt`, the row as it was.
 */
export function setPayerFacts(
  row: PaymentAttemptRow,
  attempt: PaymentAttemptRow,
  session: Pick<CheckoutSessionRow, 'customer'>,
  transaction: Transaction,
): void {
  const card = transaction.card;
  const last4 = card?.card_last_digits;
  row.cardLast4 = typeof last4 === 'string' && /^\d{4}$/.test(last4) ? last4 : attempt.cardLast4;
  row.cardBrand = textOrNull(card?.brand, 40) ?? attempt.cardBrand;
  row.payerName =
    textOrNull(transaction.customer?.name, 120) ??
    textOrNull(card?.card_holder_name, 120) ??
    attempt.payerName ??
    textOrNull(session.customer?.name, 120);
  row.payerEmail =
    emailOrNull(transaction.customer?.email) ?? attempt.payerEmail ?? emailOrNull(session.customer?.email);
  row.gatewayRefId = refIdOrNull(transaction.ref_id) ?? attempt.gatewayRefId;
  // A PIX attempt has it from the start (its unknown outcome is matched by it); a 3DS card payment's
  // customer carries it too.
  row.customerDocument = attempt.customerDocument ?? documentOf(transaction.customer?.documents);
}
