import type { LogFields, Logger } from '../platform/logger.ts';

/** What the HTTP shell's middlewares put on each request's context for the handlers after them. */
export interface HttpVariables {
  requestId: string;
  /** The server's logger with this request's id on every line. */
  log: Logger;
  /**
   * What the handler learned that the request's own log line should carry (a payment's ids and status): one
   * line per request instead of a second line of the handler's (request-log.ts).
   */
  logFields?: LogFields;
  /**
   * Development only: hashes of the inline scripts in the HTML being answered (Vite's React refresh
   * preamble), so the CSP can allow exactly those and nothing else.
   */
  cspScriptHashes?: readonly string[];
}

export interface HttpEnv {
  Variables: HttpVariables;
}
