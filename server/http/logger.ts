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

export function createLogger(
  level: LogLevel | 'silent' = 'info',
  base: LogFields = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (at: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level: at,
      msg: message,
      ...base,
      ...fields,
    });
    write(redactForLog(line));
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
