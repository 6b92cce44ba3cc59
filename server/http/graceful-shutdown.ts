import type { Server } from 'node:http';
import type { Logger } from '../platform/logger.ts';

/** Load balancers give 30 s by default between SIGTERM and SIGKILL: finish within it. */
export const SHUTDOWN_DEADLINE_MS = 25_000;
/**
 * Whatever closing resources does, the process exits this long after the signal: within the 30 s. The
 * gateway time-out (20 s) is below the drain deadline, so a payment in flight is answered before it.
 */
export const SHUTDOWN_HARD_DEADLINE_MS = 29_000;

export interface GracefulShutdownOptions {
  server: Server;
  log: Logger;
  deadlineMs?: number;
  /** The whole shutdown, closing included (default SHUTDOWN_HARD_DEADLINE_MS). */
  hardDeadlineMs?: number;
  /** Flips `/readyz` to 503 at once, so a load balancer stops sending new requests here. */
  onDraining?: () => void;
  /** Closes what the requests used: the database (PGlite's lock file), Vite in development. */
  closeResources: () => Promise<void>;
  exit?: (code: number) => void;
}

export interface GracefulShutdown {
  /** Requests being answered right now. */
  inFlight(): number;
  /** Stop accepting, let in-flight requests (payments) finish up to the deadline, close, exit 0. */
  shutdown(reason: string): Promise<void>;
}

/**
 * Counts requests from arrival to the end of their response. A payment that has reached the gateway
 * must get its answer back to the shopper (and into the database): cutting it would leave the outcome
 * unknown, so shutdown waits for these before closing the database.
 */
export function gracefulShutdown(options: GracefulShutdownOptions): GracefulShutdown {
  const { server, log } = options;
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let inFlight = 0;
  let stopping: Promise<void> | undefined;
  let idle: (() => void) | undefined;

  server.prependListener('request', (_req, res) => {
    inFlight += 1;
    // Keep-alive clients must reconnect elsewhere once this instance is draining.
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
  });

  async function run(reason: string): Promise<void> {
    const started = Date.now();
    log.info('shutdown: draining', { reason, in_flight: inFlight, deadline_ms: deadlineMs });
    options.onDraining?.();
    // No new connections; idle keep-alive ones are closed now, busy ones after their response.
    server.close();
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<true>((resolve) => {
        idle = () => resolve(true);
        if (inFlight === 0) resolve(true);
      }),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) log.warn('shutdown: deadline reached, closing open requests', { in_flight: inFlight });
    server.closeAllConnections();
    let code = 0;
    const hardDeadlineMs = options.hardDeadlineMs ?? Math.max(SHUTDOWN_HARD_DEADLINE_MS, deadlineMs + 1_000);
    let hardTimer: NodeJS.Timeout | undefined;
    try {
      const closed = await Promise.race([
        options.closeResources().then(() => true),
        new Promise<false>((resolve) => {
          hardTimer = setTimeout(() => resolve(false), Math.max(0, hardDeadlineMs - (Date.now() - started)));
        }),
      ]);
      if (!closed) {
        code = 1;
        log.error('shutdown: closing resources did not end in time; exiting anyway');
      }
    } catch (error) {
      code = 1;
      log.error('shutdown: closing resources failed', { error: String(error) });
    } finally {
      clearTimeout(hardTimer);
    }
    log.info('shutdown: done', { duration_ms: Date.now() - started });
    exit(code);
  }

  return {
    inFlight: () => inFlight,
    shutdown(reason) {
      stopping ??= run(reason);
      return stopping;
    },
  };
}

/** SIGTERM (orchestrators) and SIGINT (Ctrl-C) drain; a second signal ends the process at once. */
export function shutdownOnSignals(shutdown: GracefulShutdown, log: Logger): void {
  let received = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (received) {
        log.warn('shutdown: second signal, exiting now', { signal });
        process.exit(1);
      }
      received = true;
      void shutdown.shutdown(signal);
    });
  }
}
