import { randomUUID } from 'node:crypto';
import { maskLongDigitRuns } from '../../contract/card-data-mask.ts';

/**
 * Structured JSON lines on stdout, one per event. Callers pass only what is safe to keep: never card
 * data, CVVs, tokens or keys (the e2e suite scans this output after a run). `redactForLog` is the last
 * line of defence for free text such as a gateway's error message.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

declare const ownId: unique symbol;
/**
 * A random id this process made itself (`newOwnId`), such as a request id when the caller sent none. It
 * holds nothing anybody sent, so it is logged as it is: no redaction to pay for, and a UUID whose first
 * groups happen to be all digits (`12345678-1234-4123-…`) is not mistaken for a card number and masked.
 * The brand keeps a caller's text from being passed as one without a cast.
 */
export type OwnId = string & { readonly [ownId]: true };
export type OwnFields = Readonly<Record<string, OwnId>>;

export function newOwnId(): OwnId {
  return randomUUID() as OwnId;
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** `fields` on every line of the new logger, redacted like any field; `own` ids as they are. */
  child(fields: LogFields, own?: OwnFields): Logger;
}

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Card-number-like digit runs (whatever separates the groups) become their last four; CVVs and tokens go. */
export function redactForLog(text: string): string {
  // Spaces, dots, dashes, underscores, slashes and their URL-encoded forms (`4111%201111…`) too.
  return maskLongDigitRuns(text)
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
  if (typeof value === 'number') return Math.abs(value) >= 1e13 ? maskLongDigitRuns(String(value)) : value;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((entry: unknown) => redactValue(entry));
  const redacted: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value)) {
    redacted[redactKey(name)] = redactValue(entry, name);
  }
  return redacted;
}

/** Assigns each field, redacted, in the order `{ ...into, ...fields }` would give. */
function assignRedacted(into: Record<string, unknown>, fields: LogFields): void {
  for (const name in fields) {
    if (Object.hasOwn(fields, name)) into[redactKey(name)] = redactValue(fields[name], name);
  }
}

/**
 * One class, its methods on the prototype: a child (one per request, one per payment) is a small object
 * with no closures of its own, and its fields are redacted when its first line is written, once, so a
 * child that only writes lines below the level (`debug` in production) never pays for redaction. Its
 * fields are therefore read then, not when `child` was called.
 */
class JsonLogger implements Logger {
  private readonly threshold: number;
  private readonly write: (line: string) => void;
  private readonly parent: JsonLogger | undefined;
  private readonly fields: LogFields;
  private readonly own: OwnFields | undefined;
  private base: Record<string, unknown> | undefined;

  constructor(
    threshold: number,
    write: (line: string) => void,
    parent: JsonLogger | undefined,
    fields: LogFields,
    own: OwnFields | undefined,
  ) {
    this.threshold = threshold;
    this.write = write;
    this.parent = parent;
    this.fields = fields;
    this.own = own;
  }

  debug(message: string, fields?: LogFields): void {
    if (this.threshold <= ORDER.debug) this.emit('debug', message, fields);
  }

  info(message: string, fields?: LogFields): void {
    if (this.threshold <= ORDER.info) this.emit('info', message, fields);
  }

  warn(message: string, fields?: LogFields): void {
    if (this.threshold <= ORDER.warn) this.emit('warn', message, fields);
  }

  error(message: string, fields?: LogFields): void {
    if (this.threshold <= ORDER.error) this.emit('error', message, fields);
  }

  child(fields: LogFields, own?: OwnFields): Logger {
    return new JsonLogger(this.threshold, this.write, this, fields, own);
  }

  /** This logger's fields and its parents', redacted (own ids as they are), built on the first line. */
  private baseFields(): Record<string, unknown> {
    if (this.base) return this.base;
    const base: Record<string, unknown> = {};
    if (this.parent) Object.assign(base, this.parent.baseFields());
    assignRedacted(base, this.fields);
    // Own ids go in as they are; their names are constants of ours, checked like any key all the same.
    const own = this.own;
    if (own) for (const name in own) if (Object.hasOwn(own, name)) base[redactKey(name)] = own[name];
    this.base = base;
    return base;
  }

  private emit(at: LogLevel, message: string, fields?: LogFields): void {
    // Each value is redacted, not the JSON line: no regex over the whole line, and numbers stay numbers.
    const line: Record<string, unknown> = {
      time: new Date().toISOString(),
      level: at,
      msg: redactValue(message),
    };
    const base = this.baseFields();
    for (const name in base) line[name] = base[name];
    if (fields) assignRedacted(line, fields);
    this.write(JSON.stringify(line));
  }
}

export function createLogger(
  level: LogLevel | 'silent' = 'info',
  base: LogFields = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  return new JsonLogger(ORDER[level], write, undefined, base, undefined);
}
