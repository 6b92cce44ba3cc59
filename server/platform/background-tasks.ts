import { describeError } from './describe-error.ts';
import type { Logger } from './logger.ts';

/**
 * Work a request starts and does not wait for (a webhook's re-read of the gateway): tracked, so a
 * graceful shutdown lets it finish before the database closes, and tests can wait for it. A task that
 * fails is logged; whatever it was doing must be durable elsewhere (the webhook marks the payment due for
 * reconciliation before it answers).
 */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far (and any they started) has ended. */
  settled(): Promise<void>;
}

export function createBackgroundTasks(log: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const tracked: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.warn(`${name} failed`, { error: describeError(error) }))
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
