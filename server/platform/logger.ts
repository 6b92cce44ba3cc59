import { maskCardNumbers } from '../../contract/card-data-mask.ts';

/**
 * Structured JSON lines on stdout, one per event. Callers pass only what is safe to keep: never card
 * data, CVVs, tokens or keys (the e2e suite scans this output after a run). `redactForLog` is the last
 * line of defence for free text such as a gateway's error message.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Card-number-like digit runs (whatever separates the groups) become their last four; CVVs and tokens go. */
export function redactForLog(text: string): string {
  // Spaces, dots, dashes, underscores, slashes and their URL-encoded forms (`4111%201111…`) too.
  return maskCardNumbers(text)
    .replace(/("?(?:card_)?cvv"?\s*[:=]\s*"?)\d{3,4}/gi, '$1•••')
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/g, '$1•••');
}

const CVV_KEY = /^"?(?:card_)?cvv"?$/i;
const NAMES_A_SECRET = /cvv|bearer/i;

/**
 * A value as it is logged: every string (and key) through `redactForLog`, a CVV field's value hidden. Numbers
 * are ours (ids, amounts, counts: card data arrives as text) and stay as they are, so a 13-digit
 * transaction id is not mistaken for a card number; one of 14 digits or more is masked all the same.
 */
function redactKey(name: string): string {
  return /\d/.test(name) ? redactForLog(name) : name;
}

/**
 * Whether `redactForLog` could change the text: a card number has 12 digits or more, a CVV or a token is
 * named. Most values (ids, paths, statuses) have neither and skip its three regular expressions.
 */
function mayHoldSecrets(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57 && ++digits >= 12) return true;
  }
  return NAMES_A_SECRET.test(text);
}

function redactValue(value: unknown, key?: string): unknown {
  if (key !== undefined && CVV_KEY.test(key) && value !== null && value !== undefined) return '•••';
  if (typeof value === 'string') return mayHoldSecrets(value) ? redactForLog(value) : value;
  if (typeof value === 'number') return Math.abs(value) >= 1e13 ? maskCardNumbers(String(value)) : value;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((entry: unknown) => redactValue(entry));
  const redacted: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) {
    redacted[redactKey(name)] = redactValue(entry, name);
  }
  return redacted;
}

export function createLogger(
  level: LogLevel | 'silent' = 'info',
  base: LogFields = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  // A child's fields (a request's id) are redacted once, not on every line it writes.
  const redactedBase = Object.entries(base).map(
    ([name, value]) => [redactKey(name), redactValue(value, name)] as const,
  );
  const emit = (at: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[at] < ORDER[level]) return;
    // Each value is redacted, not the JSON line: no regex over the whole line, and numbers stay numbers.
    const line: Record<string, unknown> = {
      time: new Date().toISOString(),
      level: at,
      msg: redactValue(message),
    };
    for (const [name, value] of redactedBase) line[name] = value;
    if (fields)
      for (const [name, value] of Object.entries(fields)) line[redactKey(name)] = redactValue(value, name);
    write(JSON.stringify(line));
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
