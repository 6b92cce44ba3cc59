/**
 * Errors that say the database could not be reached or dropped the connection — not that a statement
 * was wrong: a failover, a restart, a terminated backend, a pool that is closing. A request that meets
 * one answers 503 (try again), never 500, and a job pass simply ends and runs again.
 */
const CONNECTION_CODES = new Set([
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // Node sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, read-only after a failover
  '57P01',
  '57P02',
  '57P03',
  '25006',
]);

function codeOf(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    const code = codeOf(current);
    // Class 08: connection exception.
    if (code !== undefined && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    current =
      current !== null && typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}
