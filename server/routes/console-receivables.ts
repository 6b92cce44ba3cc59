import { Hono, type Context } from 'hono';
import { anticipationRequestSchema } from '../../contract/console/console-receivables.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import { csvDownload } from '../http/csv-download.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import {
  receivableCalendar,
  receivableCsvLines,
  simulateAnticipation,
} from '../receivables/console-receivables.ts';
import { readReceivableQuery } from '../receivables/list-receivables.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';

type RangeRead = { ok: true; range: { from: string; to: string } } | { ok: false; response: Response };

/** A range both ends of which are given, checked as the merchant API checks it. */
function readRange(c: Context, raw: Record<string, string | undefined>): RangeRead {
  if (raw.from === undefined || raw.to === undefined)
    return {
      ok: false,
      response: apiError(
        c,
        400,
        'from and to are required (YYYY-MM-DD).',
        'invalid_parameter',
        raw.from === undefined ? 'from' : 'to',
      ),
    };
  const read = readReceivableQuery({ from: raw.from, to: raw.to }, 'cursor', 100);
  if (!read.ok)
    return { ok: false, response: apiError(c, 400, read.message, 'invalid_parameter', read.parameter) };
  return { ok: true, range: { from: raw.from, to: raw.to } };
}

/**
 * The console's receivables (mounted at /api/console/receivables; staff and owners): the calendar of a range with
 * the next 7/30/90 days' totals, its CSV, and the anticipation simulation (docs/merchants/console.md).
 */
export function consoleReceivableRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);
  routes.use('*', consoleSessionGuard(deps));
  routes.use('*', requirePermission('operate'));

  routes.get('/calendar', async (c) => {
    const range = readRange(c, c.req.query());
    if (!range.ok) return range.response;
    return c.json(await receivableCalendar(deps.db, deps.now(), range.range));
  });

  routes.get('/export.csv', (c) => {
    const range = readRange(c, c.req.query());
    if (!range.ok) return range.response;
    const decimal = c.req.query('decimal') === 'comma' ? 'comma' : 'dot';
    const lines = receivableCsvLines(deps.db, range.range, {
      decimal,
      timeZone: deps.env.SHOP_TIME_ZONE,
    });
    return csvDownload(
      lines,
      `receivables-${range.range.from}-${range.range.to}.csv`,
      deps.log,
      'receivables',
    );
  });

  routes.post('/anticipation', async (c) => {
    const body = await readJsonBody(c, anticipationRequestSchema);
    if (!body.ok) return body.response;
    const range = readRange(c, body.data);
    if (!range.ok) return range.response;
    const outcome = await simulateAnticipation(deps, {
      userId: c.get('consoleSession').user.id,
      address: clientAddress(c, trust),
      ...range.range,
    });
    switch (outcome.kind) {
      case 'ok':
        return c.json(outcome.anticipation);
      case 'rate-limited':
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        return apiError(c, 429, 'Too many simulations. Wait a moment and try again.', 'rate_limited');
      case 'gateway_unavailable':
        c.header('Retry-After', '5');
        return apiError(c, 502, 'The gateway did not answer. Try again in a moment.', 'gateway_unavailable');
    }
  });

  return routes;
}
