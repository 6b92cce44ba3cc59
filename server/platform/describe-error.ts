import { redactForLog } from './logger.ts';

/**
 * An error for the log: its name and the first line of its own (or its cause's) message, redacted.
 * drizzle's query errors carry their parameters in the message, so only the database's reason is kept.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'non-error thrown';
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const message = (cause ?? error).message.split('\n')[0] ?? '';
  return redactForLog(`${error.name}: ${message.slice(0, 300)}`);
}
