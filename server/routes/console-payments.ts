import { Hono, type Context } from 'hono';
import {
  consoleOperationRequestSchema,
  consolePaymentQuerySchema,
  type ConsolePaymentQuery,
} from '../../contract/console/console-payments.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  consolePaymentDetail,
  consolePaymentExport,
  consolePaymentOperation,
  consolePaymentPage,
  operationView,
} from '../console/console-payments.ts';
import type { PaymentFilters } from '../payments/payment-list-repository.ts';
import { apiError, issuesToErrors, apiErrors } from '../http/api-error.ts';
import { decodeCursor, encodeCursor, readCursor } from '../http/list-params.ts';
import { readJsonBody } from '../http/json-body.ts';
import { csvDownload } from '../http/csv-download.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';
import { operationAnswer } from './operation-answers.ts';
import { paymentMails, resendMail } from '../mail/console-mails.ts';

/** A bare date `to` is the whole of that day (UTC); an instant is taken as is. */
function dateOf(text: string | undefined, endOfDay: boolean): Date | undefined | 'invalid' {
  if (text === undefined) return undefined;
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(bare ? `${text}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : text);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

type ParsedQuery =
  | {
      ok: true;
      filters: PaymentFilters;
      cursor: { createdAt: Date; id: string } | undefined;
      limit: number;
    }
  | { ok: false; response: Response };

function readQuery(c: Context, params?: URLSearchParams): ParsedQuery {
  const parsed = consolePaymentQuerySchema.safeParse(params ? Object.fromEntries(params) : c.req.query());
  if (!parsed.success) return { ok: false, response: apiErrors(c, 400, issuesToErrors(parsed.error.issues)) };
  const query: ConsolePaymentQuery = parsed.data;
  const from = dateOf(query.from, false);
  const to = dateOf(query.to, true);
  if (from === 'invalid' || to === 'invalid') {
    return {
      ok: false,
      response: apiError(c, 400, 'from/to must be dates (YYYY-MM-DD).', 'invalid_parameter', 'from'),
    };
  }
  const after = readCursor(c, query.cursor, 'cursor', decodeCursor);
  if (!after.ok) return after;
  const min = query.amount_min === undefined ? undefined : Number(query.amount_min);
  const max = query.amount_max === undefined ? undefined : Number(query.amount_max);
  if (min !== undefined && max !== undefined && min > max) {
    return {
      ok: false,
      response: apiError(c, 400, 'amount_min is larger than amount_max.', 'invalid_parameter', 'amount_min'),
    };
  }
  return {
    ok: true,
    filters: {
      search: query.q,
      shownStatus: query.status,
      method: query.method,
      paymentLinkId: query.link,
      from,
      to,
      amountMin: min,
      amountMax: max,
    },
    cursor: after.cursor,
    limit: Math.min(100, Math.max(1, Number(query.limit ?? 25))),
  };
}

/**
 * The console's payments (mounted at /api/console/payments): the filtered list with its totals, one
 * payment's page, and capture / refund — staff and owners only, with an idempotency key per dialog.
 */
export function consolePaymentRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));

  routes.get('/', async (c) => {
    const query = readQuery(c);
    if (!query.ok) return query.response;
    const page = await consolePaymentPage(deps, query.filters, { cursor: query.cursor, limit: query.limit });
    return c.json({
      data: page.data,
      next_cursor: page.next ? encodeCursor(page.next.createdAt, page.next.id) : null,
      totals: page.totals,
    });
  });

  // Before `/:id`. Streamed: 100 000 payments are read and written 1 000 at a time. On the audit log:
  // it carries the payers' names and e-mails out of the console.
  routes.get('/export.csv', async (c) => {
    const decimal = c.req.query('decimal') === 'comma' ? 'comma' : 'dot';
    const params = new URLSearchParams(c.req.query());
    params.delete('decimal');
    params.delete('cursor');
    const query = readQuery(c, params);
    if (!query.ok) return query.response;
    const lines = await consolePaymentExport(deps, c.get('consoleSession').user, {
      filters: query.filters,
      asked: Object.fromEntries(params),
      decimal,
    });
    return csvDownload(lines, `payments-${deps.now().toISOString().slice(0, 10)}.csv`, deps.log, 'payments');
  });

  routes.get('/:id', async (c) => {
    const detail = await consolePaymentDetail(deps, c.req.param('id'), c.get('consoleSession').user);
    if (!detail) return apiError(c, 404, 'No payment has this id.', 'not_found', 'id');
    return c.json(detail);
  });

  // The payment's e-mails (receipts and notices), and "resend" of one (docs/merchants/receipts-and-notices.md).
  routes.get('/:id/mails', async (c) => c.json(await paymentMails(deps, c.req.param('id'))));
  routes.post('/:id/mails/:mailId/resend', requirePermission('operate'), async (c) => {
    const { user } = c.get('consoleSession');
    const result = await resendMail(
      deps,
      { userId: user.id, email: user.email },
      c.req.param('id'),
      c.req.param('mailId'),
    );
    switch (result.kind) {
      case 'requeued':
        return c.json(result.mail);
      case 'not_found':
        return apiError(c, 404, 'This payment has no such e-mail.', 'not_found', 'mailId');
      case 'busy':
        return apiError(c, 409, 'This e-mail is being sent or waits to be sent.', 'mail_busy', null);
      case 'mail_off':
        return apiError(c, 409, 'No mail is sent: SMTP_URL is not set on the server.', 'mail_off', null);
    }
  });

  for (const kind of ['capture', 'refund'] as const) {
    routes.post(`/:id/${kind}`, requirePermission('operate'), async (c) => {
      const body = await readJsonBody(c, consoleOperationRequestSchema);
      if (!body.ok) return body.response;
      const result = await consolePaymentOperation(deps, c.get('consoleSession').user, {
        id: c.req.param('id'),
        kind,
        amount: body.data.amount,
        key: body.data.idempotency_key,
      });
      return operationAnswer(c, result, operationView, { replayedHeader: false });
    });
  }
  return routes;
}
