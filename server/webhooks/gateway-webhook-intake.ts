import { createHash } from 'node:crypto';
import { verifySignature } from '../../contract/webhook-signature.ts';
import type { AppDeps } from '../app-deps.ts';
import { settleOperations } from '../jobs/settle-operations.ts';
import { findAttemptByTransactionId, markAttemptDue } from '../payments/attempt-repository.ts';
import type { ResolvedPolicy } from '../payments/policy.ts';
import { refreshAttempt } from '../payments/refresh-attempt.ts';
import { describeError } from '../platform/describe-error.ts';
import { firstDelivery } from './replay-guard.ts';
import { transactionIdOf } from './transaction-id.ts';

export interface GatewayWebhook {
  rawBody: string;
  signatureHeader: string | undefined;
  contentType: string;
}

export type WebhookOutcome =
  /** Authentic (or accepted unsigned): 200, whatever was done, so the gateway does not retry. */
  | { kind: 'received' }
  | { kind: 'not-configured' }
  | { kind: 'bad-signature'; reason: string }
  | { kind: 'no-transaction' };

/** The operator's webhook settings: a secret, or unsigned webhooks allowed for development only. */
export interface WebhookTrust {
  secret: string | undefined;
  allowUnsigned: boolean;
}

export function webhookTrust(deps: AppDeps): WebhookTrust {
  const secret = deps.env.GATEWAY_WEBHOOK_SECRET;
  return {
    secret,
    allowUnsigned:
      secret === undefined &&
      deps.env.GATEWAY_WEBHOOK_ALLOW_UNSIGNED === 'true' &&
      deps.env.NODE_ENV !== 'production',
  };
}

/**
 * A webhook from the gateway. The body only says which transaction to look at: its status is never
 * believed — the transaction is re-read from the gateway and that is recorded (with its events). The
 * payment is first marked due for reconciliation (durable), the outcome is answered, and the re-read runs
 * after it (deps.background), so a slow gateway does not hold the gateway's own delivery; a failed re-read
 * is retried by the job.
 */
export async function takeGatewayWebhook(
  deps: AppDeps,
  policy: ResolvedPolicy,
  trust: WebhookTrust,
  webhook: GatewayWebhook,
): Promise<WebhookOutcome> {
  // Each webhook costs a gateway read: without a secret anyone could make us spend them. Unsigned ones
  // are taken only where an operator said so, for development (docs/decisions: metering gateway calls).
  if (trust.secret === undefined && !trust.allowUnsigned) {
    deps.log.warn('gateway webhook refused: GATEWAY_WEBHOOK_SECRET is not set');
    return { kind: 'not-configured' };
  }
  if (trust.secret !== undefined) {
    const check = await verifySignature({
      secret: trust.secret,
      header: webhook.signatureHeader,
      rawBody: webhook.rawBody,
      now: Math.floor(deps.now().getTime() / 1000),
    });
    if (!check.ok) {
      deps.log.warn('gateway webhook refused', { reason: check.reason });
      return { kind: 'bad-signature', reason: check.reason };
    }
    const digest = createHash('sha256').update(webhook.rawBody).digest('hex');
    if (!(await firstDelivery(deps.db, digest, check.timestamp))) {
      deps.log.info('gateway webhook replayed: nothing done again');
      return { kind: 'received' };
    }
  }
  const transactionId = transactionIdOf(webhook.rawBody, webhook.contentType);
  if (transactionId === undefined) return { kind: 'no-transaction' };
  const attempt = await findAttemptByTransactionId(deps.db, transactionId);
  if (!attempt) {
    deps.log.info('gateway webhook for an unknown transaction', { transactionId });
    return { kind: 'received' };
  }
  const now = deps.now();
  // Durable first: if the re-read below fails or this process dies, reconciliation does it.
  await markAttemptDue(deps.db, attempt.id, now);
  // Read lately (by the shopper's page, a webhook, the job): this one is left to reconciliation's next read.
  if (attempt.checkedAt !== null && now.getTime() - attempt.checkedAt.getTime() < policy.forcedReadIntervalMs)
    return { kind: 'received' };
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
  return { kind: 'received' };
}
