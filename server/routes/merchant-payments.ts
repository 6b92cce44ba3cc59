import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppDeps } from '../app-deps.ts';
import { toMerchantPayment } from '../events/payment-view.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { cursorPage, isIdempotencyKey, readPageParams } from '../http/list-params.ts';
import { readJsonBody } from '../http/json-body.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { operationsOf } from '../payments/operation-repository.ts';
import { runOperation } from '../payments/run-operation.ts';
import { findPaymentWithHistory, listPayments } from '../payments/payment-list-repository.ts';
import { operationAnswer } from './operation-answers.ts';

const amountBodySchema = z.object({ amount: z.optional(z.int().check(z.positive())) });

function operationView(op: { id: string; kind: string; amount: number; status: string; createdAt: Date }) {
  return {
    id: op.id,
    object: op.kind,
    amount: op.amount,
    status: op.status,
    created_at: op.createdAt.toISOString(),
  };
}

/**
 * The merchant's payments API (secret key): list with filters and a cursor, one payment with our recorded
 * history and the gateway's, capture (manual sessions) and refund. A payment is one attempt of a session.
 */
export function merchantPaymentRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));

  routes.get('/', async (c) => {
    const paging = readPageParams(c);
    if (!paging.ok) return paging.response;
    const { limit, cursor, from, to } = paging.page;
    const rows = await listPayments(
      deps.db,
      { status: c.req.query('status'), session: c.req.query('session') || undefined, from, to },
      { cursor, limit: limit + 1 },
    );
    const page = cursorPage(rows, limit, (row) => row.attempt);
    return c.json({
      object: 'list',
      data: page.rows.map((row) => toMerchantPayment(row.attempt, row.session)),
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    });
  });

  routes.get('/:id', async (c) => {
    const row = await findPaymentWithHistory(deps.db, c.req.param('id'));
    if (!row) return apiError(c, 404, 'No payment has this id.', 'not_found', 'id');
    const { history } = row;
    let gatewayHistory: Record<string, unknown>[] | null = null;
    if (row.attempt.transactionId !== null) {
      try {
        gatewayHistory = (await deps.gateway.transactionHistory(row.attempt.transactionId)).data;
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
      }
    }
    return c.json({
      ...toMerchantPayment(row.attempt, row.session),
      history: history.map((entry) => ({
        from: entry.fromStatus,
        to: entry.toStatus,
        source: entry.source,
        detail: entry.detail,
        at: entry.createdAt.toISOString(),
      })),
      operations: (await operationsOf(deps.db, row.attempt.id)).map(operationView),
      gateway_history: gatewayHistory,
    });
  });

  for (const kind of ['capture', 'refund'] as const) {
    routes.post(`/:id/${kind}`, async (c) => {
      const key = c.req.header('idempotency-key');
      if (key === undefined && kind === 'refund') {
        return apiError(
          c,
          400,
          'A refund needs an Idempotency-Key header.',
          'invalid_parameter',
          'Idempotency-Key',
        );
      }
      if (key !== undefined && (!isIdempotencyKey(key) || key.startsWith('automatic'))) {
        return apiError(
          c,
          400,
          'Idempotency-Key must be 1–255 printable characters.',
          'invalid_parameter',
          'Idempotency-Key',
        );
      }
      const hasBody =
        (c.req.header('content-length') ?? '0') !== '0' || c.req.header('content-type') !== undefined;
      let amount: number | undefined;
      if (hasBody) {
        const body = await readJsonBody(c, amountBodySchema);
        if (!body.ok) return body.response;
        amount = body.data.amount;
      }
      const result = await runOperation(deps, {
        attemptId: c.req.param('id'),
        kind,
        amount,
        // Without a key (capture only), one capture per payment: the one key `merchant`.
        idempotencyKey: key ?? 'merchant',
      });
      // A second capture without a key of its own is not a retry the merchant chose: say it was captured
      // already (409), with that capture, rather than a 200 that reads as "captured now".
      if (result.kind === 'replayed' && kind === 'capture' && key === undefined) {
        return c.json(
          {
            errors: [
              {
                message: 'This payment is already captured.',
                parameter_name: null,
                type: 'already_captured',
              },
            ],
            capture: operationView(result.operation),
          },
          409,
        );
      }
      return operationAnswer(c, result, operationView, { replayedHeader: true });
    });
  }
  return routes;
}
