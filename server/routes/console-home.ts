import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { consoleSummary } from '../console/console-summary.ts';
import { consoleSessionGuard, type ConsoleEnv } from './console-guard.ts';

/** The console's Home figures (mounted at /api/console/summary): any logged-in role reads them. */
export function consoleHomeRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));
  routes.get('/', async (c) => c.json(await consoleSummary(deps.db, deps.now())));
  return routes;
}
