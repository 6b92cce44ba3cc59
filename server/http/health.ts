import { Hono } from 'hono';

/** Which dependency failed, e.g. `{ database: 'ok', gateway: 'connect ECONNREFUSED' }`. */
export type ReadinessReport = Record<string, 'ok' | (string & {})>;

export interface HealthOptions {
  /** Checks the database and the gateway (bootstrap's checkReadiness); each part 'ok' or why not. */
  checkReadiness: () => Promise<ReadinessReport>;
  /** True once shutdown has begun: the load balancer must stop sending new requests here. */
  draining: () => boolean;
}

/**
 * `/healthz`: the process answers (a restart is the cure otherwise). `/readyz`: it can take payments —
 * database and gateway reachable, not shutting down — else 503 saying which part failed.
 */
export function healthRoutes(options: HealthOptions): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (options.draining()) return c.json({ status: 'draining' }, 503);
    let checks: ReadinessReport;
    try {
      checks = await options.checkReadiness();
    } catch (error) {
      checks = { readiness: error instanceof Error ? error.message : String(error) };
    }
    const ready = Object.values(checks).every((value) => value === 'ok');
    return c.json({ status: ready ? 'ready' : 'unavailable', checks }, ready ? 200 : 503);
  });
  return app;
}
