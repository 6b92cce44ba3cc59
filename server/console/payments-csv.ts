import type { Database } from '../db/database.ts';
import { searchConsolePayments, type ConsolePaymentFilters } from './console-payment-repository.ts';
import { toConsolePayment } from './console-payment-view.ts';

/** Rows read per query: the export never holds more than this in memory, however many payments match. */
const BATCH = 1_000;

const HEADER = [
  'created_at',
  'payment_id',
  'reference',
  'status',
  'payment_method',
  'amount',
  'captured_amount',
  'refunded_amount',
  'payer_name',
  'payer_email',
  'payer_document',
  'card_brand',
  'card_last4',
  'ref_id',
  'transaction_id',
  'session_id',
] as const;

export interface CsvOptions {
  /** `comma`: amounts as `150,90` and `;` between cells (what a pt-BR spreadsheet opens); `dot`: `150.90` and `,`. */
  decimal: 'dot' | 'comma';
}

/**
 * One cell: quoted when it holds the separator, a quote or a line break; a text that a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@`, tab, CR at the start) gets a leading `'` (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number | null, separator: string): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function money(cents: number, decimal: CsvOptions['decimal']): string {
  const text = (cents / 100).toFixed(2);
  return decimal === 'comma' ? text.replace('.', ',') : text;
}

/**
 * The filtered payments as CSV lines, newest first, read in batches by cursor — streamed by the route, so
 * 100 000 payments cost 100 queries and a few hundred kilobytes of memory, not one huge answer.
 */
export async function* paymentCsvLines(
  db: Database,
  filters: ConsolePaymentFilters,
  options: CsvOptions,
): AsyncGenerator<string> {
  const separator = options.decimal === 'comma' ? ';' : ',';
  // A byte-order mark: spreadsheets then read the names' accents as UTF-8.
  yield `\uFEFF${HEADER.join(separator)}\r\n`;
  let cursor: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await searchConsolePayments(db, filters, { cursor, limit: BATCH });
    if (rows.length === 0) return;
    let chunk = '';
    for (const { attempt, session } of rows) {
      const p = toConsolePayment(attempt, session);
      chunk += `${[
        p.created_at,
        p.id,
        p.reference,
        p.status,
        p.payment_method,
        money(p.amount, options.decimal),
        money(p.captured_amount, options.decimal),
        money(p.refunded_amount, options.decimal),
        p.payer_name,
        p.payer_email,
        p.payer_document,
        p.card_brand,
        p.card_last4,
        p.ref_id,
        p.transaction_id,
        p.session_id,
      ]
        .map((value) => csvCell(value, separator))
        .join(separator)}\r\n`;
    }
    yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    cursor = { createdAt: last.attempt.createdAt, id: last.attempt.id };
  }
}
