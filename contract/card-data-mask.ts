import creditCardType from 'credit-card-type';

const MIN_PAN = 13;
const MAX_PAN = 19;

/** One network's prefixes, as credit-card-type writes them (`4`, `[51, 55]`), and its card lengths. */
interface Network {
  patterns: readonly (number | readonly [number, number])[];
  lengths: readonly number[];
}

/**
 * credit-card-type's tables, read once: asking the library per number clones every matching table, which
 * would be most of a session's masking cost whenever a title or metadata holds a Luhn-valid number.
 */
const NETWORKS: readonly Network[] = Object.values(creditCardType.types).map((type) => {
  const { patterns, lengths } = creditCardType.getTypeInfo(type);
  return {
    patterns: patterns.map((pattern) =>
      Array.isArray(pattern) ? ([pattern[0] ?? 0, pattern[1] ?? 0] as const) : pattern,
    ),
    lengths,
  };
});

/** As credit-card-type matches a full number: a prefix, or the number's first digits within a range. */
function matchesPattern(digits: string, pattern: number | readonly [number, number]): boolean {
  if (typeof pattern === 'number') return digits.startsWith(String(pattern));
  const [min, max] = pattern;
  const prefix = Number(digits.slice(0, String(min).length));
  return prefix >= min && prefix <= max;
}

/** A network's prefix with one of that network's lengths. */
function namesACardNetwork(digits: string): boolean {
  return NETWORKS.some(
    (network) =>
      network.lengths.includes(digits.length) &&
      network.patterns.some((pattern) => matchesPattern(digits, pattern)),
  );
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What a card number is (docs/decisions/290-what-counts-as-a-card-number.md): 13 to 19 digits that pass
 * the Luhn check and whose prefix and length belong to a card network (credit-card-type's tables).
 */
export function isCardNumber(digits: string): boolean {
  return (
    digits.length >= MIN_PAN && digits.length <= MAX_PAN && passesLuhn(digits) && namesACardNetwork(digits)
  );
}

/**
 * Whether digit groups of these lengths are a card number as people write one: one unbroken run, fours
 * (the last group shorter: `4111 1111 1111 1111`, `3782 8224 6310 005`), or the 4-6-5 and 4-6-4 of
 * American Express and Diners (`3782 822463 10005`). A boleto line's fives and sixes, a CNPJ's
 * `12.345.678/0001-95` or a phone's `+55 11 91234-5678` are none of these, so no part of them is taken
 * for a card number, whatever its digits.
 */
function isCardLayout(lengths: readonly number[], from: number, to: number): boolean {
  if (from === to) return true;
  if (to === from + 2 && lengths[from] === 4 && lengths[from + 1] === 6) {
    const last = lengths[to];
    if (last === 5 || last === 4) return true;
  }
  for (let index = from; index < to; index += 1) if (lengths[index] !== 4) return false;
  return (lengths[to] ?? 0) <= 4;
}

interface Group {
  /** Where its first digit is in the text, and where its last digit ends. */
  start: number;
  end: number;
  digits: string;
}

/** The card number starting at group `from`, the longest first: its last group and its digits; or none. */
function cardFrom(groups: readonly Group[], lengths: readonly number[], from: number) {
  const ends: number[] = [];
  let total = 0;
  for (let to = from; to < groups.length; to += 1) {
    total += lengths[to] ?? 0;
    if (total > MAX_PAN) break;
    if (total >= MIN_PAN) ends.push(to);
  }
  for (let index = ends.length - 1; index >= 0; index -= 1) {
    const last = ends[index] ?? from;
    if (!isCardLayout(lengths, from, last)) continue;
    let digits = '';
    for (let group = from; group <= last; group += 1) digits += groups[group]?.digits ?? '';
    if (isCardNumber(digits)) return { last, digits };
  }
  return undefined;
}

/** The card numbers among digit groups written together: the spans to mask, in order. */
function cardSpans(groups: readonly Group[]): Group[] {
  const lengths = groups.map((group) => group.digits.length);
  const spans: Group[] = [];
  let from = 0;
  while (from < groups.length) {
    const card = cardFrom(groups, lengths, from);
    const first = groups[from];
    const end = card && groups[card.last];
    if (!card || !first || !end) {
      from += 1;
      continue;
    }
    spans.push({ start: first.start, end: end.end, digits: card.digits });
    from = card.last + 1;
  }
  return spans;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * The length of the separator at `at`, 0 if none: a space, dot, dash, underscore, slash or plus, or one
 * URL-encoded (`%20`, `%2D`, `%2E`, `%2F`, `%5F`) — what people and forms put between digit groups.
 */
function separatorAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  // ' ' + - . / _
  if (code === 32 || code === 43 || code === 45 || code === 46 || code === 47 || code === 95) return 1;
  if (code !== 37) return 0;
  const high = text.charCodeAt(at + 1);
  const low = text.charCodeAt(at + 2) | 0x20;
  // %20, %2d, %2e, %2f, %5f
  if (high === 50 && (text.charCodeAt(at + 2) === 48 || (low >= 100 && low <= 102))) return 3;
  if (high === 53 && low === 102) return 3;
  return 0;
}

/** At least 13 digits in the text: anything shorter holds no card number and costs one pass. */
function mayHoldACardNumber(text: string): boolean {
  let digits = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (isDigit(text.charCodeAt(index)) && ++digits >= MIN_PAN) return true;
  }
  return false;
}

/**
 * The text's runs of digit groups, each group joined to the next by up to three separators (`4111 1111`,
 * `4111 - 1111`, `4111%201111`), handed to `visit` when they hold 13 digits or more.
 */
function forEachGroupedRun(text: string, visit: (groups: Group[]) => void): void {
  let index = 0;
  while (index < text.length) {
    if (!isDigit(text.charCodeAt(index))) {
      index += 1;
      continue;
    }
    const groups: Group[] = [];
    let digits = 0;
    for (;;) {
      const start = index;
      while (index < text.length && isDigit(text.charCodeAt(index))) index += 1;
      groups.push({ start, end: index, digits: text.slice(start, index) });
      digits += index - start;
      // Up to three separators, then a digit: the run goes on.
      let next = index;
      for (let count = 0; count < 3; count += 1) {
        const length = separatorAt(text, next);
        if (length === 0) break;
        next += length;
      }
      if (next === index || !isDigit(text.charCodeAt(next))) break;
      index = next;
    }
    if (digits >= MIN_PAN) visit(groups);
  }
}

/**
 * A card number hidden in free text — a name, an item title, metadata, a gateway's message — becomes
 * `••••` and its last four; everything else stays exactly as given: an order number, a CNPJ, a phone, a
 * boleto line or barcode (docs/decisions/290-what-counts-as-a-card-number.md). Applied wherever free
 * text we keep and give back could carry one (sessions and payment links, a gateway's echo).
 */
export function maskCardNumbers(text: string): string {
  if (!mayHoldACardNumber(text)) return text;
  let masked = '';
  let kept = 0;
  forEachGroupedRun(text, (groups) => {
    for (const span of cardSpans(groups)) {
      masked += `${text.slice(kept, span.start)}••••${span.digits.slice(-4)}`;
      kept = span.end;
    }
  });
  return kept === 0 ? text : masked + text.slice(kept);
}

/** Every string of a JSON value masked (keys left as they are). */
export function maskCardNumbersDeep<T>(value: T): T {
  if (typeof value === 'string') return maskCardNumbers(value) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => maskCardNumbersDeep(entry)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, maskCardNumbersDeep(entry)]),
    ) as T;
  return value;
}

/**
 * Text nobody gets back — a log line, a gateway's message — is held to a wider net: 12 to 19 digits in a
 * row, whatever separates them, become `••••` and the last four, card number or not. Hiding an order
 * number there costs nobody anything; missing a card number would.
 */
const LONG_DIGIT_RUN = new RegExp(
  String.raw`(?<!\d)\d(?:(?:[ .\-_/+]|%20|%2[dDeEfF]|%5[fF]){0,3}\d){11,18}(?!\d)`,
  'g',
);

export function maskLongDigitRuns(text: string): string {
  if (!/\d{2}/.test(text) && !/\d\D\d/.test(text)) return text;
  return text.replace(LONG_DIGIT_RUN, (match) => `••••${match.replace(/\D/g, '').slice(-4)}`);
}

/** Security codes and other short digit runs in a message we did not write (a gateway's error text). */
export function maskDigitRuns(text: string): string {
  return maskLongDigitRuns(text).replace(/(?<!\d)\d{3,}(?!\d)/g, '•••');
}
