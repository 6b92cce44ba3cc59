import type { AppDeps } from '../app-deps.ts';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { describeError } from '../http/describe-error.ts';

/** How long the request itself keeps trying before the write goes on in the background. */
export const INLINE_RETRY_MS = 5_000;
/** How long the background keeps trying (a managed failover takes well under this). */
export const BACKGROUND_RETRY_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A write that records what the gateway already answered (a transaction id, a refusal): losing it would
 * send a charged payment down the unknown-outcome path, so a database that is unreachable (a failover, a
 * restart) gets it again — within the request for INLINE_RETRY_MS, then in the background (tracked, so a
 * graceful shutdown waits for it) for BACKGROUND_RETRY_MS. Other errors (a bug, a constraint) are thrown.
 * If the process dies meanwhile, the attempt's own id at the gateway (decision 122) still settles it.
 * Resolves once the write succeeded or was handed to the background.
 */
export async function writeAfterAnswer(
  deps: Pick<AppDeps, 'log' | 'background'>,
  what: string,
  write: () => Promise<unknown>,
  options: { inlineMs?: number; backgroundMs?: number } = {},
): Promise<void> {
  const inlineMs = options.inlineMs ?? INLINE_RETRY_MS;
  const backgroundMs = options.backgroundMs ?? BACKGROUND_RETRY_MS;
  const started = Date.now();
  let delay = 100;
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (Date.now() - started >= inlineMs) {
        deps.log.error('database unavailable after the gateway answered: retrying in the background', {
          what,
          error: describeError(error),
        });
        deps.background.run(`retry: ${what}`, () => retryInBackground(write, started + backgroundMs));
        return;
      }
      await sleep(delay);
      delay = Math.min(1_000, delay * 2);
    }
  }
}

async function retryInBackground(write: () => Promise<unknown>, until: number): Promise<void> {
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= until) throw error;
      await sleep(1_000);
    }
  }
}
