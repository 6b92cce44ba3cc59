import type { Database } from '../db/database.ts';
import { listPayments, type PaymentFilters } from '../payments/payment-list-repository.ts';
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

/** What a spreadsheet runs as a formula: `=`, `+`, `-` or `@` first, after any blanks or separators it skips. */
const FORMULA_START = /^[\s,;]*[=+\-@]|^[\t\r]/;
/** Quoted whichever the separator: a file opened with the other one (pt-BR splits on `;`) still has one cell. */
const NEEDS_QUOTES = /[,;"\t\r\n]/;

/**
 * One text cell (names, e-mails, references: what people typed), the same in both exports. A text that a
 * spreadsheet would run as a formula gets a leading `'` (OWASP's CSV injection advice) — `=1+1`, ` =x`, a
 * tab-led `\t=x`, and `;=1+1`, which a spreadsheet splitting on `;` would otherwise read as `=1+1`; a cell
 * holding `,`, `;`, a quote or a line break is quoted, its quotes doubled.
 */
export function csvTextCell(value: string | null): string {
  if (value === null) return '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A number of ours (a transaction id): never a formula, never a separator. */
function numberCell(value: number | null): string {
  return value === null ? '' : String(value);
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
  filters: PaymentFilters,
  options: CsvOptions,
): AsyncGenerator<string> {
  const separator = options.decimal === 'comma' ? ';' : ',';
  // A byte-order mark: spreadsheets then read the names' accents as UTF-8.
  yield `\uFEFF${HEADER.join(separator)}\r\n`;
  let cursor: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listPayments(db, filters, { cursor, limit: BATCH });
    if (rows.length === 0) return;
    let chunk = '';
    for (const { attempt, session } of rows) {
      const p = toConsolePayment(attempt, session);
      // Amounts are ours (`150,90` in the `;` export: no quotes, a spreadsheet reads a number); the rest
      // is text, quoted and defused the same way in both exports.
      chunk += `${[
        csvTextCell(p.created_at),
        csvTextCell(p.id),
        csvTextCell(p.reference),
        csvTextCell(p.status),
        csvTextCell(p.payment_method),
        money(p.amount, options.decimal),
        money(p.captured_amount, options.decimal),
        money(p.refunded_amount, options.decimal),
        csvTextCell(p.payer_name),
        csvTextCell(p.payer_email),
        csvTextCell(p.payer_document),
        csvTextCell(p.card_brand),
        csvTextCell(p.card_last4),
        csvTextCell(p.ref_id),
        numberCell(p.transaction_id),
        csvTextCell(p.session_id),
      ].join(separator)}\r\n`;
    }
    yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    cursor = { createdAt: last.attempt.createdAt, id: last.attempt.id };
  }
}
