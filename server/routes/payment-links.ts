import { Hono } from 'hono';
import {
  createPaymentLinkRequestSchema,
  PAYMENT_LINK_STATUSES,
  paymentLinkIdSchema,
  patchPaymentLinkRequestSchema,
} from '../../contract/payment-links/payment-link.ts';
import type { AppDeps } from '../app-deps.ts';
import { boletoEnabled } from '../env.ts';
import { toMerchantPayment } from '../events/payment-view.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { cursorPage, idempotencyKeyReused, readIdempotencyKey, readPageParams } from '../http/list-params.ts';
import { readJsonBody } from '../http/json-body.ts';
import { merchantActor, merchantAuth } from '../http/merchant-auth.ts';
import { createLink } from '../payment-links/create-link.ts';
import {
  amountsCollected,
  findLinkById,
  listLinkPayments,
  listLinks,
  type PaymentLinkRow,
} from '../payment-links/link-repository.ts';
import { toPaymentLink } from '../payment-links/link-views.ts';
import { patchLink } from '../payment-links/patch-link.ts';

/**
 * The merchant's payment links API (secret key), mounted at `/api/v1/payment-links`: create (with an
 * Idempotency-Key), list (cursor, status, created range, search), get, patch (never delete: deactivate)
 * and the link's payments. The work is in server/payment-links/.
 */
export function paymentLinkRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));

  const view = async (rows: PaymentLinkRow[]) => {
    const collected = await amountsCollected(
      deps.db,
      rows.map((row) => row.id),
    );
    const now = deps.now();
    return rows.map((row) =>
      toPaymentLink(row, { publicUrl: deps.publicUrl, now, amountCollected: collected.get(row.id) ?? 0 }),
    );
  };
  const find = async (id: string) =>
    paymentLinkIdSchema.safeParse(id).success ? findLinkById(deps.db, id) : undefined;

  routes.post('/', async (c) => {
    const idempotency = readIdempotencyKey(c);
    if (!idempotency.ok) return idempotency.response;
    const key = idempotency.key;
    const body = await readJsonBody(c, createPaymentLinkRequestSchema);
    if (!body.ok) return body.response;
    const result = await createLink(deps.db, body.data, {
      now: deps.now(),
      publicUrl: deps.publicUrl,
      idempotencyKey: key,
      actor: merchantActor(c),
      boletoOn: boletoEnabled(deps.env),
    });
    if (result.kind === 'invalid')
      return apiError(c, 400, result.message, 'invalid_parameter', result.parameter);
    if (result.kind === 'conflict') {
      return idempotencyKeyReused(c);
    }
    if (result.kind === 'replayed') c.header('Idempotent-Replayed', 'true');
    else deps.log.info('payment link created', { paymentLinkId: result.row.id });
    c.header('Location', `/api/v1/payment-links/${result.row.id}`);
    const [link] = await view([result.row]);
    return c.json(link, 201);
  });

  routes.get('/', async (c) => {
    const status = c.req.query('status');
    if (status !== undefined && !(PAYMENT_LINK_STATUSES as readonly string[]).includes(status)) {
      return apiError(
        c,
        400,
        `status must be one of ${PAYMENT_LINK_STATUSES.join(', ')}.`,
        'invalid_parameter',
        'status',
      );
    }
    const paging = readPageParams(c);
    if (!paging.ok) return paging.response;
    const { limit, cursor, from, to } = paging.page;
    const search = c.req.query('search')?.trim();
    if (search !== undefined && search.length > 120) {
      return apiError(c, 400, 'search is at most 120 characters.', 'invalid_parameter', 'search');
    }
    const rows = await listLinks(deps.db, {
      limit,
      status: status as (typeof PAYMENT_LINK_STATUSES)[number] | undefined,
      createdFrom: from,
      createdTo: to,
      search: search || undefined,
      after: cursor,
      now: deps.now(),
    });
    const page = cursorPage(rows, limit, (row) => row);
    return c.json({
      object: 'list',
      data: await view(page.rows),
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    });
  });

  routes.get('/:id', async (c) => {
    const row = await find(c.req.param('id'));
    if (!row) return apiError(c, 404, 'No payment link has this id.', 'not_found', 'id');
    const [link] = await view([row]);
    return c.json(link);
  });

  routes.patch('/:id', async (c) => {
    const id = c.req.param('id');
    if (!(await find(id))) return apiError(c, 404, 'No payment link has this id.', 'not_found', 'id');
    const body = await readJsonBody(c, patchPaymentLinkRequestSchema);
    if (!body.ok) return body.response;
    const result = await patchLink(deps.db, id, body.data, {
      now: deps.now(),
      publicUrl: deps.publicUrl,
      actor: merchantActor(c),
    });
    if (result.kind === 'not-found')
      return apiError(c, 404, 'No payment link has this id.', 'not_found', 'id');
    if (result.kind === 'refused')
      return apiError(c, result.status, result.message, result.type, result.parameter);
    deps.log.info('payment link updated', { paymentLinkId: id, fields: Object.keys(body.data) });
    const [link] = await view([result.row]);
    return c.json(link);
  });

  routes.get('/:id/payments', async (c) => {
    const id = c.req.param('id');
    if (!(await find(id))) return apiError(c, 404, 'No payment link has this id.', 'not_found', 'id');
    const paging = readPageParams(c);
    if (!paging.ok) return paging.response;
    const { limit, cursor } = paging.page;
    const rows = await listLinkPayments(deps.db, id, limit, cursor);
    const page = cursorPage(rows, limit, (row) => row.attempt);
    return c.json({
      object: 'list',
      data: page.rows.map((row) => toMerchantPayment(row.attempt, row.session)),
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    });
  });

  return routes;
}
