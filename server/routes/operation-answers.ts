import type { Context } from 'hono';
import { apiError } from '../http/api-error.ts';
import type { OperationResult } from '../payments/run-operation.ts';

type Operation = Extract<OperationResult, { kind: 'done' }>['operation'];

/**
 * A capture's or refund's outcome (payments/run-operation.ts) as both doors answer it: the same statuses and
 * error types; each door shows the operation its own way (`view`). The merchant API says a replay in a header.
 */
export function operationAnswer(
  c: Context,
  result: OperationResult,
  view: (operation: Operation) => object,
  options: { replayedHeader: boolean },
): Response {
  switch (result.kind) {
    case 'not-found':
      return apiError(c, 404, 'No payment has this id.', 'not_found', 'id');
    case 'refused':
      return apiError(c, result.status, result.message, result.type, result.parameter ?? null);
    case 'failed':
      return apiError(c, result.status, `The gateway refused it: ${result.message}`, 'gateway_refused');
    case 'unknown':
      return c.json(view(result.operation), 202);
    case 'replayed':
      if (options.replayedHeader) c.header('Idempotent-Replayed', 'true');
      return c.json(view(result.operation));
    case 'done':
      return c.json(view(result.operation));
  }
}
