import type { AppDeps } from '../app-deps.ts';
import { deliverOnce, type DeliveryTarget } from '../events/delivery-worker.ts';
import { describeError } from '../platform/describe-error.ts';
import { expireSessions, warnCaptureDeadlines } from './lifecycle-sweeps.ts';
import { announceCompletedLinks } from '../payment-links/complete-links.ts';
import { announceExpiredLinks } from '../payment-links/expire-links.ts';
import { reconcileOnce } from './reconcile.ts';
import { deliverToEndpointsOnce } from '../webhook-endpoints/endpoint-delivery.ts';
import { webhookEgress } from '../webhook-endpoints/endpoint-egress.ts';
import { pruneRetention } from './retention.ts';
import { readReceivablesOnce } from '../receivables/read-receivables.ts';
import { queueMailsOnce } from '../mail/mail-queue.ts';
import { sendMailsOnce } from '../mail/mail-worker.ts';
import { queueShopNoticesOnce } from '../mail/shop-notices.ts';

export interface Jobs {
  /** Asks every loop to stop now: passes end early (deliveries in flight are abandoned, retried later). */
  abort(): void;
  /** Aborts, then resolves when the passes have ended, or after `deadlineMs` whatever they do. */
  stop(deadlineMs?: number): Promise<void>;
}

/** How long stop() waits for running passes by default. */
export const JOBS_STOP_DEADLINE_MS = 3_000;

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
  const controller = new AbortController();
  const { signal } = controller;
  const egress = webhookEgress(deps);
  const loops: Loop[] = [
    {
      name: 'deliver-events',
      intervalMs: 1_000,
      run: async () =>
        (
          await deliverOnce({
            db: deps.db,
            log: deps.log,
            now: deps.now,
            target,
            signal,
          })
        ).claimed > 0,
    },
    {
      // The merchant's webhook endpoints: their own queue, fanned out from the same outbox.
      name: 'deliver-to-endpoints',
      intervalMs: 1_000,
      run: async () => {
        const pass = await deliverToEndpointsOnce({
          db: deps.db,
          log: deps.log,
          now: deps.now,
          egress,
          signal,
        });
        return pass.claimed + pass.fannedOut > 0;
      },
    },
    {
      // Receipts and notices: queued from the same outbox, sent under a lease (server/mail/).
      name: 'mail',
      intervalMs: 1_000,
      run: async () => {
        const { mail } = deps;
        if (!mail?.transport) return false;
        const queued = await queueMailsOnce({ db: deps.db, mail, publicUrl: deps.publicUrl, now: deps.now });
        const sent = await sendMailsOnce({ db: deps.db, log: deps.log, mail, now: deps.now, signal });
        return queued.events + sent.claimed > 0;
      },
    },
    {
      // The notices no payment carries: an endpoint failing for an hour, the daily summary (server/mail/shop-notices.ts).
      name: 'shop-notices',
      intervalMs: 60_000,
      run: async () => {
        const { mail } = deps;
        if (!mail?.transport) return false;
        await queueShopNoticesOnce({ db: deps.db, mail, publicUrl: deps.publicUrl, now: deps.now });
        // Sent by the mail loop; nothing here to run again at once.
        return false;
      },
    },
    { name: 'reconcile', intervalMs: 5_000, run: async () => (await reconcileOnce(deps)).checked > 0 },
    {
      // Receivables (docs/decisions/321-receivables-read-schedule.md): busy only while reads went through, so a
      // pass over the job's meter waits its interval instead of spinning.
      name: 'receivables',
      intervalMs: 30_000,
      run: async () => (await readReceivablesOnce(deps)).read > 0,
    },
    {
      name: 'sweeps',
      intervalMs: 60_000,
      run: async () => {
        const changed =
          (await expireSessions(deps)) +
          (await warnCaptureDeadlines(deps)) +
          (await announceExpiredLinks(deps.db, { now: deps.now(), publicUrl: deps.publicUrl })) +
          // Normally announced by the payment itself; this catches one a stop left in between.
          (await announceCompletedLinks(deps.db, { now: deps.now(), publicUrl: deps.publicUrl }));
        const pruned = await pruneRetention(deps.db, deps.now(), deps.env.RETENTION_DAYS);
        if (pruned.events + pruned.rateLimitRows > 0) deps.log.info('retention: pruned', { ...pruned });
        return changed + pruned.events + pruned.rateLimitRows > 0;
      },
    },
  ];
  // An object, not a local flag: stop() flips it while the loops await.
  const isStopped = () => signal.aborted;
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
    abort: () => controller.abort(),
    stop: async (deadlineMs = JOBS_STOP_DEADLINE_MS) => {
      controller.abort();
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        Promise.all(running).then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), deadlineMs);
        }),
      ]);
      clearTimeout(timer);
      if (!ended) deps.log.warn('jobs: a pass did not end within the deadline; its rows stay leased');
    },
  };
}

async function sleepUnlessStopped(ms: number, isStopped: () => boolean): Promise<void> {
  const step = 100;
  for (let waited = 0; waited < ms && !isStopped(); waited += step) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(step, ms - waited)));
  }
}
