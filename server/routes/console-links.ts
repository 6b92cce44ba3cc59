import { Hono } from 'hono';
import {
  consoleCreateLinkRequestSchema,
  consoleLinkQuerySchema,
  consolePatchLinkRequestSchema,
  type ConsoleLinkFormOptions,
} from '../../contract/console/console-links.ts';
import { paymentLinkIdSchema } from '../../contract/payment-links/payment-link.ts';
import type { AppDeps } from '../app-deps.ts';
import { linkViews, linkWithQr } from '../console/console-links.ts';
import { boletoEnabled } from '../env.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import { readJsonBody } from '../http/json-body.ts';
import { cursorPage, decodeCursor, readCursor } from '../http/list-params.ts';
import { createLink } from '../payment-links/create-link.ts';
import { findLinkById, listLinks } from '../payment-links/link-repository.ts';
import { patchLink } from '../payment-links/patch-link.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';

/**
 * The console's payment links (mounted at /api/console/links): list, one link (with its QR code), create,
 * edit and deactivate — changes by staff and owners only, each audited by the use case. Thin: the work is the merchant API's
 * (server/payment-links/create-link.ts, patch-link.ts), so a link made here is the same as one made with the
 * key, `payment_link.created` / `payment_link.updated` events included.
 */
export function consoleLinkRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));
  const options = () => ({ publicUrl: deps.publicUrl, now: deps.now() });
  const find = async (id: string) =>
    paymentLinkIdSchema.safeParse(id).success ? findLinkById(deps.db, id) : undefined;
  const notFound = (c: Parameters<typeof apiError>[0]) =>
    apiError(c, 404, 'No payment link has this id.', 'not_found', 'id');

  routes.get('/', async (c) => {
    const parsed = consoleLinkQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return apiErrors(c, 400, issuesToErrors(parsed.error.issues));
    const query = parsed.data;
    const after = readCursor(c, query.cursor, 'cursor', decodeCursor);
    if (!after.ok) return after.response;
    const limit = Math.min(100, Math.max(1, Number(query.limit ?? 25)));
    const rows = await listLinks(deps.db, {
      limit,
      ...(query.status ? { status: query.status } : {}),
      ...(after.cursor ? { after: after.cursor } : {}),
      now: deps.now(),
    });
    const page = cursorPage(rows, limit, (row) => row);
    return c.json({
      data: await linkViews(deps.db, page.rows, options()),
      next_cursor: page.nextCursor,
    });
  });

  // Before `/:id`: what the form offers (boleto only where this server offers it; the use case refuses it anyway).
  routes.get('/form', (c) =>
    c.json({ boleto_enabled: boletoEnabled(deps.env) } satisfies ConsoleLinkFormOptions),
  );

  routes.get('/:id', async (c) => {
    const row = await find(c.req.param('id'));
    if (!row) return notFound(c);
    return c.json(await linkWithQr(deps.db, row, options()));
  });

  routes.post('/', requirePermission('operate'), async (c) => {
    const body = await readJsonBody(c, consoleCreateLinkRequestSchema);
    if (!body.ok) return body.response;
    const { user } = c.get('consoleSession');
    const result = await createLink(deps.db, body.data.link, {
      now: deps.now(),
      publicUrl: deps.publicUrl,
      // Per user: two people's forms never share a key.
      idempotencyKey: `console:${user.id}:${body.data.idempotency_key}`,
      actor: { userId: user.id, email: user.email },
      boletoOn: boletoEnabled(deps.env),
    });
    if (result.kind === 'invalid')
      return apiError(c, 400, result.message, 'invalid_parameter', `link.${result.parameter}`);
    if (result.kind === 'conflict')
      return apiError(c, 409, 'This form was already sent with other values.', 'idempotency_key_reused');
    if (result.kind === 'created')
      deps.log.info('payment link created', { paymentLinkId: result.row.id, by: 'console' });
    const [link] = await linkViews(deps.db, [result.row], options());
    return c.json(link, result.kind === 'created' ? 201 : 200);
  });

  // Edit: the merchant API's PATCH and its rules (server/payment-links/patch-link.ts): the price never
  // changes once the link has a payment (409 payment_link_has_payments), the audit row in its transaction.
  routes.patch('/:id', requirePermission('operate'), async (c) => {
    const id = c.req.param('id');
    if (!(await find(id))) return notFound(c);
    const body = await readJsonBody(c, consolePatchLinkRequestSchema);
    if (!body.ok) return body.response;
    const { user } = c.get('consoleSession');
    const result = await patchLink(deps.db, id, body.data, {
      now: deps.now(),
      publicUrl: deps.publicUrl,
      actor: { userId: user.id, email: user.email },
    });
    if (result.kind === 'not-found') return notFound(c);
    if (result.kind === 'refused')
      return apiError(c, result.status, result.message, result.type, result.parameter);
    deps.log.info('payment link updated', {
      paymentLinkId: id,
      fields: Object.keys(body.data),
      by: 'console',
    });
    const [link] = await linkViews(deps.db, [result.row], options());
    return c.json(link);
  });

  // Deactivate only (never delete): what the merchant API's PATCH `active: false` does, events included.
  routes.post('/:id/deactivate', requirePermission('operate'), async (c) => {
    const id = c.req.param('id');
    const row = await find(id);
    if (!row) return notFound(c);
    const { user } = c.get('consoleSession');
    if (!row.active) {
      const [link] = await linkViews(deps.db, [row], options());
      return c.json(link);
    }
    const result = await patchLink(
      deps.db,
      id,
      { active: false },
      { now: deps.now(), publicUrl: deps.publicUrl, actor: { userId: user.id, email: user.email } },
    );
    if (result.kind === 'not-found') return notFound(c);
    if (result.kind === 'refused')
      return apiError(c, result.status, result.message, result.type, result.parameter);
    const [link] = await linkViews(deps.db, [result.row], options());
    return c.json(link);
  });

  return routes;
}
