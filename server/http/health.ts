import { Hono } from 'hono';

/** bootstrap's checkReadiness: `ready` plus one entry per part (database, gateway) saying how it is. */
export interface ReadinessReport {
  ready: boolean;
}

export interface HealthOptions {
  checkReadiness: () => Promise<ReadinessReport>;
  /** True once shutdown has begun: the load balancer must stop sending new requests here. */
  draining: () => boolean;
}

/**
 * `/healthz`: the process answers (a restart is the cure otherwise). `/readyz`: it can take payments —
 * database and gateway reachable, not shutting down — else 503 with the report saying which part failed.
 */
export function healthRoutes(options: HealthOptions): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (options.draining()) return c.json({ status: 'draining', ready: false }, 503);
    let report: ReadinessReport;
    try {
      report = await options.checkReadiness();
    } catch (error) {
      const failed: ReadinessReport & { error: string } = {
        ready: false,
        error: error instanceof Error ? error.message : String(error),
      };
      report = failed;
    }
    return c.json({ status: report.ready ? 'ready' : 'unavailable', ...report }, report.ready ? 200 : 503);
  });
  return app;
}
