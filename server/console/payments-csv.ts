import type { Database } from '../db/database.ts';
import { listPayments, type PaymentFilters } from '../payments/payment-list-repository.ts';
import type { ConsolePayment } from '../../contract/console/console-payments.ts';
import { shownPaymentStatus, statusWord } from '../../contract/console/payment-status-words.ts';
import { feesOfPayments } from '../receivables/receivable-repository.ts';
import { toConsolePayment } from './console-payment-view.ts';
import { csvLocalDateTime, csvTextCell } from './csv-cells.ts';

/** Rows read per query: the export never holds more than this in memory, however many payments match. */
const BATCH = 1_000;

export interface CsvOptions {
  /**
   * `comma`: the export for a Brazilian spreadsheet — amounts as `150,90`, `;` between cells, headers, statuses
   * and dates in Portuguese (`27/11/2026 14:05:00`); `dot`: `150.90` and `,`, the API's names for headers and
   * statuses, dates as `2026-11-27 14:05:00`.
   */
  decimal: 'dot' | 'comma';
  /** The shop's time zone (SHOP_TIME_ZONE): every date is written in it, as a spreadsheet reads a date. */
  timeZone: string;
}

/** A payment's fee and net as its receivables know them; null: "fee unknown" (empty cells). */
type Fees = { fee: number; net: number } | null;

/** A column: its header in each export and its cell. */
interface Column {
  pt: string;
  en: string;
  cell: (payment: ConsolePayment, options: CsvOptions, fees: Fees) => string;
}

const METHOD_WORDS: Record<string, string> = {
  credit_card: 'Cartão de crédito',
  pix: 'PIX',
  boleto: 'Boleto',
};

const text = (pick: (payment: ConsolePayment) => string | null) => (payment: ConsolePayment) =>
  csvTextCell(pick(payment));

function columns(timeZone: string): Column[] {
  return [
    {
      pt: `Data (${timeZone})`,
      en: `created_at (${timeZone})`,
      cell: (p, o) => csvLocalDateTime(p.created_at, o),
    },
    { pt: 'Id do pagamento', en: 'payment_id', cell: text((p) => p.id) },
    { pt: 'Pedido', en: 'reference', cell: text((p) => p.reference) },
    { pt: 'Itens', en: 'items', cell: text((p) => itemsText(p.items)) },
    { pt: 'Link de pagamento', en: 'payment_link', cell: text((p) => p.payment_link_title) },
    {
      pt: 'Status',
      en: 'status',
      cell: (p, o) => {
        const status = shownPaymentStatus(p);
        return csvTextCell(o.decimal === 'comma' ? statusWord(status, 'pt-BR') : status);
      },
    },
    {
      pt: 'Forma de pagamento',
      en: 'payment_method',
      cell: (p, o) =>
        csvTextCell(
          o.decimal === 'comma' ? (METHOD_WORDS[p.payment_method] ?? p.payment_method) : p.payment_method,
        ),
    },
    { pt: 'Valor', en: 'amount', cell: (p, o) => money(p.amount, o.decimal) },
    { pt: 'Capturado', en: 'captured_amount', cell: (p, o) => money(p.captured_amount, o.decimal) },
    { pt: 'Reembolsado', en: 'refunded_amount', cell: (p, o) => money(p.refunded_amount, o.decimal) },
    // From the payment's receivables (decision 320); empty where they do not know the fee (docs/merchants/console.md).
    { pt: 'Taxa', en: 'fee_amount', cell: (_p, o, f) => (f ? money(f.fee, o.decimal) : '') },
    { pt: 'Líquido', en: 'net_amount', cell: (_p, o, f) => (f ? money(f.net, o.decimal) : '') },
    { pt: 'Pagador', en: 'payer_name', cell: text((p) => p.payer_name) },
    { pt: 'E-mail', en: 'payer_email', cell: text((p) => p.payer_email) },
    { pt: 'CPF/CNPJ', en: 'payer_document', cell: text((p) => p.payer_document) },
    { pt: 'Bandeira', en: 'card_brand', cell: text((p) => p.card_brand) },
    { pt: 'Final do cartão', en: 'card_last4', cell: text((p) => p.card_last4) },
    { pt: 'Referência (vista pelo comprador)', en: 'ref_id', cell: text((p) => p.ref_id) },
    { pt: 'Transação no gateway', en: 'transaction_id', cell: (p) => numberCell(p.transaction_id) },
    { pt: 'Sessão', en: 'session_id', cell: text((p) => p.session_id) },
  ];
}

/** What was sold, in one cell: "Bolo × 2, Brigadeiro". */
function itemsText(items: ConsolePayment['items']): string {
  return items
    .map((item) => (item.quantity === 1 ? item.title : `${item.title} × ${item.quantity}`))
    .join(', ');
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
): AsyncGenerator<string, void> {
  const separator = options.decimal === 'comma' ? ';' : ',';
  const table = columns(options.timeZone);
  const language = options.decimal === 'comma' ? 'pt' : 'en';
  // A byte-order mark: spreadsheets then read the names' accents as UTF-8.
  yield `\uFEFF${table.map((column) => csvTextCell(column[language])).join(separator)}\r\n`;
  let cursor: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listPayments(db, filters, { cursor, limit: BATCH });
    if (rows.length === 0) return;
    const fees = await feesOfPayments(
      db,
      rows.map((row) => row.attempt.id),
    );
    let chunk = '';
    for (const { attempt, session, linkTitle } of rows) {
      const payment = toConsolePayment(attempt, session, linkTitle);
      const known = fees.get(attempt.id) ?? null;
      // Amounts are ours (`150,90` in the `;` export: no quotes, a spreadsheet reads a number); the rest
      // is text, quoted and defused the same way in both exports.
      chunk += `${table.map((column) => column.cell(payment, options, known)).join(separator)}\r\n`;
    }
    yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    cursor = { createdAt: last.attempt.createdAt, id: last.attempt.id };
  }
}
