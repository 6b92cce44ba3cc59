import type { AppDeps } from '../app-deps.ts';
import { roleMay } from '../../contract/console/console-auth.ts';
import type {
  ConsolePayment,
  ConsolePaymentDetail,
  ConsolePaymentTotals,
} from '../../contract/console/console-payments.ts';
import type { PaymentOperationRow } from '../db/rows.ts';
import { endpointDeliveriesOf, eventsOfAttempt } from '../events/event-repository.ts';
import { environmentEndpoint } from '../webhook-endpoints/manage-endpoints.ts';
import { boletoFacts } from '../events/payment-view.ts';
import { boletoLineOf } from '../gateway/boleto-adapter.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { refundable } from '../payments/begin-operation.ts';
import { operationsOf } from '../payments/operation-repository.ts';
import {
  findPaymentWithHistory,
  listPayments,
  totalPayments,
  type PaymentFilters,
} from '../payments/payment-list-repository.ts';
import { runOperation, type OperationResult } from '../payments/run-operation.ts';
import { recordAudit } from './audit.ts';
import { paymentCsvLines } from './payments-csv.ts';
import { toConsolePayment } from './console-payment-view.ts';
import type { ConsoleUser } from './console-sessions.ts';

export interface ConsolePaymentPage {
  data: ConsolePayment[];
  /** The last row's (created_at, id) when there is another page. */
  next: { createdAt: Date; id: string } | null;
  totals: ConsolePaymentTotals;
}

/** One page of the filtered payments and the totals of all of them (two statements, run together). */
export async function consolePaymentPage(
  deps: Pick<AppDeps, 'db'>,
  filters: PaymentFilters,
  page: { cursor: { createdAt: Date; id: string } | undefined; limit: number },
): Promise<ConsolePaymentPage> {
  const [rows, totals] = await Promise.all([
    listPayments(deps.db, filters, { cursor: page.cursor, limit: page.limit + 1 }),
    totalPayments(deps.db, filters),
  ]);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    data: shown.map((row) => toConsolePayment(row.attempt, row.session, row.linkTitle)),
    next:
      rows.length > page.limit && last ? { createdAt: last.attempt.createdAt, id: last.attempt.id } : null,
    totals: {
      count: totals.count,
      amount: totals.amount,
      captured_amount: totals.captured,
      refunded_amount: totals.refunded,
    },
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

const OPEN_OPERATION = new Set(['sending', 'unknown']);

/**
 * A payment's page: its facts, our history and the gateway's (read now; absent when the gateway does not
 * answer), its captures and refunds, its events with every delivery attempt, and what this user may do
 * now — with the reason when not, for the disabled button to say.
 */
export async function consolePaymentDetail(
  deps: AppDeps,
  id: string,
  user: ConsoleUser,
): Promise<ConsolePaymentDetail | undefined> {
  const found = await findPaymentWithHistory(deps.db, id);
  if (!found) return undefined;
  const { attempt, session, history, linkTitle } = found;
  let gatewayHistory: Record<string, unknown>[] = [];
  let gatewayRead = attempt.transactionId === null;
  if (attempt.transactionId !== null) {
    try {
      gatewayHistory = (await deps.gateway.transactionHistory(attempt.transactionId)).data;
      gatewayRead = true;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  const [operations, events] = await Promise.all([
    operationsOf(deps.db, attempt.id),
    eventsOfAttempt(deps.db, attempt.id),
  ]);
  const endpointDeliveries = await endpointDeliveriesOf(
    deps.db,
    events.map(({ event }) => event.id),
  );
  const environment = environmentEndpoint(deps.env) !== undefined;
  const mayOperate = roleMay(user.role, 'operate');
  const open = operations.some((op) => OPEN_OPERATION.has(op.status));
  const captureMax = attempt.status === 'authorized' ? (attempt.authorizedAmount ?? attempt.amount) : 0;
  const refundMax = attempt.transactionId === null ? 0 : Math.max(0, refundable(attempt, operations));
  const action = (max: number, notAllowed: 'not_capturable' | 'not_refundable') => {
    const reason = !mayOperate
      ? ('role' as const)
      : attempt.transactionId === null
        ? ('no_transaction' as const)
        : open
          ? ('operation_open' as const)
          : max <= 0
            ? attempt.capturedAmount > 0 && notAllowed === 'not_refundable'
              ? ('nothing_left' as const)
              : notAllowed
            : null;
    return { allowed: reason === null, max_amount: Math.max(0, max), reason };
  };
  const pixExpiry = text(attempt.gatewayResponse?.pix_expiration_date);
  return {
    payment: toConsolePayment(attempt, session, linkTitle),
    installments: attempt.installments,
    gateway_status: attempt.gatewayStatus,
    pix: attempt.paymentMethod === 'pix' ? { expires_at: pixExpiry } : null,
    boleto:
      attempt.paymentMethod === 'boleto'
        ? { ...boletoFacts(attempt), digitable_line: boletoLineOf(attempt.gatewayResponse) }
        : null,
    session: {
      id: session.id,
      reference: session.reference,
      amount: session.amount,
      status: session.status,
      payment_link_id: session.paymentLinkId,
    },
    timeline: [
      ...history.map((entry) => ({
        at: entry.createdAt.toISOString(),
        source: entry.source,
        from: entry.fromStatus,
        to: entry.toStatus,
        origin: 'ours' as const,
      })),
      ...gatewayHistory.map((entry) => ({
        // The gateway's local time as it wrote it (docs/gateway-api.md §2.9): shown as is.
        at: text(entry.created_at) ?? '',
        source: text(entry.action) ?? 'gateway',
        from: null,
        to: text(entry.status) ?? '',
        origin: 'gateway' as const,
      })),
    ],
    gateway_history_read: gatewayRead,
    operations: operations.map(operationView),
    events: events.map(({ event, deliveries }) => ({
      id: event.id,
      type: event.type,
      status: event.status,
      attempts: event.attempts,
      environment,
      endpoints: endpointDeliveries
        .filter((delivery) => delivery.eventId === event.id)
        .map((delivery) => ({ url: delivery.url, status: delivery.status, attempts: delivery.attempts })),
      created_at: event.createdAt.toISOString(),
      deliveries: deliveries.map((delivery) => ({
        attempted_at: delivery.attemptedAt.toISOString(),
        ok: delivery.ok,
        status_code: delivery.statusCode,
        duration_ms: delivery.durationMs,
        error: delivery.error,
      })),
    })),
    capture: action(captureMax, 'not_capturable'),
    refund: action(refundMax, 'not_refundable'),
  };
}

export function operationView(
  op: Pick<PaymentOperationRow, 'id' | 'kind' | 'amount' | 'status' | 'createdAt'>,
) {
  return {
    id: op.id,
    kind: op.kind,
    amount: op.amount,
    status: op.status,
    created_at: op.createdAt.toISOString(),
  };
}

/**
 * A capture or refund asked for in the console: the same use case the merchant API runs
 * (payments/run-operation.ts: intent first, one POST, never retried), under the console's own key space
 * (`console:<key>`: a dialog's key never meets a merchant's), its audit row written by that use case with
 * the outcome, in the outcome's transaction.
 */
export async function consolePaymentOperation(
  deps: AppDeps,
  user: ConsoleUser,
  input: { id: string; kind: 'capture' | 'refund'; amount: number | undefined; key: string },
): Promise<OperationResult> {
  return runOperation(deps, {
    attemptId: input.id,
    kind: input.kind,
    amount: input.amount,
    idempotencyKey: `console:${input.key}`,
    actor: { userId: user.id, email: user.email },
  });
}

/**
 * The CSV export, on the audit log before the first line (it carries the payers' names and e-mails out of
 * the console): the lines to stream, read in batches (payments-csv.ts).
 */
export async function consolePaymentExport(
  deps: Pick<AppDeps, 'db' | 'now' | 'env'>,
  user: ConsoleUser,
  query: { filters: PaymentFilters; asked: Record<string, string>; decimal: 'dot' | 'comma' },
): Promise<AsyncGenerator<string, void>> {
  await recordAudit(
    deps.db,
    { userId: user.id, email: user.email },
    'payment.export',
    { type: 'payment', id: null },
    { filters: query.asked, decimal: query.decimal },
    deps.now(),
  );
  return paymentCsvLines(deps.db, query.filters, {
    decimal: query.decimal,
    timeZone: deps.env.SHOP_TIME_ZONE,
  });
}
