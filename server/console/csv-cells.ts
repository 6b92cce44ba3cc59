/**
 * The cells the console's exports share (payments, receivables): what people typed, made safe for a
 * spreadsheet, and instants as the shop's wall clock.
 */

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

const dateParts = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the shop's wall clock, written the way a spreadsheet of the export's language reads a date and
 * time (`27/11/2026 14:05:00` for the Brazilian one, `2026-11-27 14:05:00` for the other), never an ISO string
 * with a zone that spreadsheets keep as text.
 */
export function csvLocalDateTime(
  at: string | Date,
  options: { decimal: 'dot' | 'comma'; timeZone: string },
): string {
  let format = dateParts.get(options.timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: options.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateParts.set(options.timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(new Date(at))) part[type] = value;
  const time = `${part.hour ?? '00'}:${part.minute ?? '00'}:${part.second ?? '00'}`;
  return options.decimal === 'comma'
    ? `${part.day ?? ''}/${part.month ?? ''}/${part.year ?? ''} ${time}`
    : `${part.year ?? ''}-${part.month ?? ''}-${part.day ?? ''} ${time}`;
}
