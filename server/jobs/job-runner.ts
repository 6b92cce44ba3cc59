import type { AppDeps } from '../app-deps.ts';
import { deliverOnce, type DeliveryTarget } from '../events/delivery-worker.ts';
import { describeError } from '../http/describe-error.ts';
import { expireSessions, warnCaptureDeadlines } from './lifecycle-sweeps.ts';
import { announceExpiredLinks } from '../payment-links/expire-links.ts';
import { reconcileOnce } from './reconcile.ts';

export interface Jobs {
  stop(): Promise<void>;
}

interface Loop {
  name: string;
  intervalMs: number;
  /** Answers true when it had work: it then runs again at once (a backlog drains without waiting). */
  run(): Promise<boolean>;
}

/**
 * The background jobs, in every instance (each claims rows with SKIP LOCKED and a lease, so several
 * instances share the work and none is needed to be special). Started by server/main.ts; tests call the
 * `…Once` functions directly. `stop()` lets the running pass finish, then resolves.
 */
export function startJobs(deps: AppDeps, target: DeliveryTarget | undefined): Jobs {
  const loops: Loop[] = [
    {
      name: 'deliver-events',
      intervalMs: 1_000,
      run: async () => (await deliverOnce({ db: deps.db, log: deps.log, now: deps.now, target })).claimed > 0,
    },
    { name: 'reconcile', intervalMs: 5_000, run: async () => (await reconcileOnce(deps)).checked > 0 },
    {
      name: 'sweeps',
      intervalMs: 60_000,
      run: async () =>
        (await expireSessions(deps)) +
          (await warnCaptureDeadlines(deps)) +
          (await announceExpiredLinks(deps.db, { now: deps.now(), publicUrl: deps.publicUrl })) >
        0,
    },
  ];
  // An object, not a local flag: stop() flips it while the loops await.
  const state = { stopped: false };
  const isStopped = () => state.stopped;
  const running = loops.map(async (loop) => {
    while (!isStopped()) {
      let busy = false;
      try {
        busy = await loop.run();
      } catch (error) {
        deps.log.error('job failed', { job: loop.name, error: describeError(error) });
      }
      if (!busy && !isStopped()) await sleepUnlessStopped(loop.intervalMs, isStopped);
    }
  });
  return {
    stop: async () => {
      state.stopped = true;
      await Promise.all(running);
    },
  };
}

async function sleepUnlessStopped(ms: number, isStopped: () => boolean): Promise<void> {
  const step = 100;
  for (let waited = 0; waited < ms && !isStopped(); waited += step) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(step, ms - waited)));
  }
}
