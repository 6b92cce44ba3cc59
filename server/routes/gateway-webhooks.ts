import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { verifySignature } from '../../contract/webhook-signature.ts';
import type { AppDeps } from '../app-deps.ts';
import { paymentAttempts } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { describeError } from '../http/describe-error.ts';
import { settleOperations } from '../jobs/settle-operations.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { refreshAttempt } from '../payments/refresh-attempt.ts';
import { firstDelivery } from '../webhooks/replay-guard.ts';
import { transactionIdOf } from '../webhooks/transaction-id.ts';

export const GATEWAY_WEBHOOK_PATH = '/api/webhooks/gateway';
/**
 * `t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`, as our own events
 * (docs/decisions/065-event-names-and-signature.md).
 */
export const GATEWAY_SIGNATURE_HEADER = 'x-gateway-signature';

/**
 * Webhooks from the gateway. The body only says which transaction to look at: its status is never
 * believed — the transaction is re-read from the gateway and that is recorded (with its events). The
 * payment is first marked due for reconciliation (durable), the answer is sent, and the re-read runs after
 * it (deps.background), so a slow gateway does not hold the gateway's own delivery; a failed re-read is
 * retried by the job. The answer is 200 whenever the request was authentic, so the gateway does not hammer
 * us with retries of its own.
 */
export function gatewayWebhookRoutes(deps: AppDeps, secret: string | undefined): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const policy = resolvePolicy(deps);
  const allowUnsigned =
    secret === undefined &&
    deps.env.GATEWAY_WEBHOOK_ALLOW_UNSIGNED === 'true' &&
    deps.env.NODE_ENV !== 'production';

  routes.post(GATEWAY_WEBHOOK_PATH, async (c) => {
    const raw = await c.req.text();
    // Each webhook costs a gateway read: without a secret anyone could make us spend them. Unsigned ones
    // are taken only where an operator said so, for development (docs/decisions: metering gateway calls).
    if (secret === undefined && !allowUnsigned) {
      deps.log.warn('gateway webhook refused: GATEWAY_WEBHOOK_SECRET is not set');
      return apiError(
        c,
        401,
        'Gateway webhooks are not accepted: no GATEWAY_WEBHOOK_SECRET is configured.',
        'signature_not_configured',
      );
    }
    if (secret !== undefined) {
      const check = await verifySignature({
        secret,
        header: c.req.header(GATEWAY_SIGNATURE_HEADER),
        rawBody: raw,
        now: Math.floor(deps.now().getTime() / 1000),
      });
      if (!check.ok) {
        deps.log.warn('gateway webhook refused', { reason: check.reason });
        return apiError(c, 401, 'Invalid or stale webhook signature.', `signature_${check.reason}`);
      }
      const digest = createHash('sha256').update(raw).digest('hex');
      if (!(await firstDelivery(deps.db, digest, check.timestamp))) {
        deps.log.info('gateway webhook replayed: nothing done again');
        return c.json({ received: true });
      }
    }
    const transactionId = transactionIdOf(raw, c.req.header('content-type') ?? '');
    if (transactionId === undefined) {
      return apiError(c, 400, 'The webhook names no transaction id.', 'invalid_parameter', 'id');
    }
    const [attempt] = await deps.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.transactionId, transactionId))
      .limit(1);
    if (!attempt) {
      deps.log.info('gateway webhook for an unknown transaction', { transactionId });
      return c.json({ received: true });
    }
    // Read lately (by the shopper's page, a webhook, the job): this one is left to reconciliation's next read.
    const now = deps.now();
    if (
      attempt.checkedAt !== null &&
      now.getTime() - attempt.checkedAt.getTime() < policy.forcedReadIntervalMs
    ) {
      await deps.db
        .update(paymentAttempts)
        .set({ nextCheckAt: now })
        .where(eq(paymentAttempts.id, attempt.id));
      return c.json({ received: true });
    }
    // Durable first: if the re-read below fails or this process dies, reconciliation does it.
    await deps.db
      .update(paymentAttempts)
      .set({ nextCheckAt: deps.now() })
      .where(eq(paymentAttempts.id, attempt.id));
    // Answered now, re-read after: the gateway's delivery does not wait on a call back to the gateway.
    deps.background.run('gateway webhook re-read', async () => {
      try {
        const result = await refreshAttempt(deps, policy, attempt, { force: true, source: 'webhook' });
        if (result.kind === 'ok')
          await settleOperations(deps, attempt.id, result.transaction, result.readStartedAt);
      } catch (error) {
        deps.log.warn('gateway webhook: re-read failed, left to reconciliation', {
          transactionId,
          error: describeError(error),
        });
      }
    });
    return c.json({ received: true });
  });
  return routes;
}
