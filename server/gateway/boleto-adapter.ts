import type { BoletoResult, BoletoState } from '../../contract/boleto/boleto-model.ts';
import type { BoletoRequest } from '../../contract/boleto/boleto-request.ts';
import { boletoResultSchema } from '../../contract/boleto/boleto-model.ts';
import { endOfDueDate } from '../../contract/boleto/business-days.ts';
import {
  barcodeOfLine,
  isValidBarcode,
  isValidDigitableLine,
  lineOfBarcode,
  onlyDigits,
} from '../../contract/boleto/check-digits.ts';
import type { BoletoTransactionRequest } from '../../contract/gateway/boleto-transaction.ts';
import type { ItemRequest } from '../../contract/gateway/item.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';

/**
 * THE boleto adapter: the one place that knows how the gateway spells a boleto. The spec names boleto but
 * shows no request for it; the fields are those of the closest documented API of the gateway's family
 * (Pagar.me API v4, whose status list the project already follows), an assumption recorded in
 * docs/decisions/230-boleto-adapter.md. Should the real gateway differ, only this file and
 * contract/gateway/boleto-transaction.ts change: the checkout, the mock and the merchant API speak the
 * normalised model (contract/boleto/boleto-model.ts).
 */

/** The normalised request → `POST /v1/transactions` with `payment_method: "boleto"`. */
export function toGatewayBoleto(
  request: BoletoRequest,
  items: readonly ItemRequest[],
): BoletoTransactionRequest {
  const { payer } = request;
  const { address } = payer;
  const complement = address.complement?.trim();
  return {
    payment_method: 'boleto',
    amount: request.amount,
    boleto_expiration_date: request.due_date,
    ...(request.instructions.length > 0 ? { boleto_instructions: request.instructions.join('\n') } : {}),
    customer: {
      external_id: request.reference,
      name: payer.name,
      type: payer.document.type === 'cnpj' ? 'corporation' : 'individual',
      country: 'br',
      email: payer.email,
      documents: [{ type: payer.document.type, number: payer.document.number }],
    },
    // A registered boleto prints the payer's address: the family's API takes it as the billing address.
    billing: {
      name: payer.name,
      address: {
        country: 'br',
        street: address.street,
        street_number: address.street_number,
        ...(complement ? { complementary: complement } : {}),
        neighborhood: address.neighborhood,
        city: address.city,
        state: address.state,
        zipcode: address.zipcode,
      },
    },
    ...(items.length > 0 ? { items: [...items] } : {}),
  };
}

/** The gateway's status → the boleto's state as the checkout shows it. */
export function boletoStateOf(status: string): BoletoState {
  switch (status) {
    case 'paid':
    case 'authorized':
      return 'paid';
    // The family ends an unpaid boleto after its due date as `canceled` (as a PIX code, decision 013).
    case 'canceled':
      return 'expired';
    case 'pending_refund':
    case 'refunded':
    case 'chargedback':
      return 'refunded';
    case 'refused':
    case 'failed':
      return 'failed';
    // `waiting_payment`, `processing` and any status we do not know: still open, never guessed paid.
    default:
      return 'waiting_payment';
  }
}

/**
 * The number the gateway sends: the family prints the 47-digit line in `boleto_barcode` (with dots and
 * spaces); a 44-digit barcode is taken too. Both are checked (mod 10 / mod 11): a number that fails is
 * not shown to a shopper, who would pay a wrong boleto.
 */
function numbersOf(raw: string | null | undefined): { line: string; barcode: string } | undefined {
  const digits = onlyDigits(raw ?? '');
  if (digits.length === 47 && isValidDigitableLine(digits))
    return { line: digits, barcode: barcodeOfLine(digits) };
  if (digits.length === 44 && isValidBarcode(digits)) return { line: lineOfBarcode(digits), barcode: digits };
  return undefined;
}

/** `2026-12-01`, `2026-12-01T03:00:00.000Z` or `2026-12-01 00:00:00`: the date part. */
function dateOf(raw: string | null | undefined): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(raw ?? '');
  return match?.[1];
}

/** The due date in a stored gateway answer (`boleto_expiration_date`), if it holds one. */
export function boletoDueDate(stored: Record<string, unknown> | null): string | null {
  const raw = stored?.boleto_expiration_date;
  return (typeof raw === 'string' ? dateOf(raw) : undefined) ?? null;
}

/** The 47-digit digitable line in a stored gateway answer, when its check digits hold. */
export function boletoLineOf(stored: Record<string, unknown> | null): string | null {
  const raw = stored?.boleto_barcode;
  return (typeof raw === 'string' ? numbersOf(raw)?.line : undefined) ?? null;
}

/** Whether money taken at `paidAt` came after the due date ended in São Paulo. */
export function isPaidLate(dueDate: string | null, paidAt: Date | null): boolean {
  if (dueDate === null || paidAt === null) return false;
  return paidAt.getTime() >= endOfDueDate(dueDate).getTime();
}

/**
 * The gateway's transaction → the normalised boleto, or undefined when it is not a boleto the shopper can
 * be shown (no valid number, no https PDF, no due date): the page then says the boleto is unavailable
 * rather than print a number that would not pay.
 */
export function toBoletoResult(
  transaction: Transaction,
  paidAt: Date | null = null,
): BoletoResult | undefined {
  if (transaction.payment_method !== 'boleto') return undefined;
  const numbers = numbersOf(transaction.boleto_barcode);
  const dueDate = dateOf(transaction.boleto_expiration_date);
  if (!numbers || dueDate === undefined) return undefined;
  const state = boletoStateOf(transaction.status);
  const parsed = boletoResultSchema.safeParse({
    transaction_id: transaction.id,
    state,
    status: transaction.status,
    amount: transaction.amount,
    digitable_line: numbers.line,
    barcode: numbers.barcode,
    pdf_url: transaction.boleto_url,
    due_date: dueDate,
    pix_qr_code: transaction.boleto_qr_code?.trim() || null,
    paid_late: state !== 'waiting_payment' && state !== 'expired' && isPaidLate(dueDate, paidAt),
    ref_id: transaction.ref_id ?? null,
  });
  return parsed.success ? parsed.data : undefined;
}
