import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { signatureHeader } from '../events/sign.ts';
import type { Database } from '../db/database.ts';
import { outboxEvents, paymentAttempts, type PaymentAttemptRow } from '../db/schema.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { cardPayment, threeDSPayment } from './payment-bodies.ts';
import { call, createTestSession, type TestApp } from './test-app.ts';

export const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

/** The merchant events written for a session, oldest first. */
export async function eventTypes(db: Database, sessionId: string): Promise<string[]> {
  const rows = await db
    .select({ type: outboxEvents.type })
    .from(outboxEvents)
    .where(eq(outboxEvents.sessionId, sessionId))
    .orderBy(asc(outboxEvents.createdAt), asc(outboxEvents.type));
  return rows.map((row) => row.type);
}

export async function attemptOf(db: Database, sessionId: string): Promise<PaymentAttemptRow> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.sessionId, sessionId));
  if (!row) throw new Error(`no attempt for ${sessionId}`);
  return row;
}

/**
 * A gateway webhook as the mock (or a real gateway) would send it, signed unless told otherwise; resolves
 * once the server has also finished the re-read it does after answering.
 */
export async function sendGatewayWebhook(
  target: Pick<TestApp, 'app' | 'deps'>,
  body: string,
  options: { contentType?: string; signature?: string | false; secret?: string; at?: number } = {},
) {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.signature !== false) {
    headers['x-gateway-signature'] =
      options.signature ??
      signatureHeader(options.secret ?? WEBHOOK_SECRET, body, options.at ?? Math.floor(Date.now() / 1000));
  }
  const answer = await call(target.app, 'POST', '/api/webhooks/gateway', { rawBody: body, headers });
  await target.deps.background.settled();
  return answer;
}

/** A 3DS payment started on a new session (the gateway answers `processing` with a bank URL). */
export async function startThreeDS(
  app: Hono<ServerEnvBindings>,
  overrides: { capture?: 'automatic' | 'manual' } = {},
): Promise<{ sessionId: string; transactionId: number; token: string }> {
  const { id } = await createTestSession(app, { three_ds: 'required', ...overrides });
  const started = await call(app, 'POST', `/api/pay/${id}/v1/transactions`, { body: threeDSPayment(id) });
  const transaction = started.json as { id: number; threeDSecure?: { url: string } };
  const token = new URL(transaction.threeDSecure?.url ?? 'http://x/').searchParams.get('token') ?? '';
  return { sessionId: id, transactionId: transaction.id, token };
}

export async function approveChallenge(gatewayUrl: string, token: string): Promise<void> {
  const answer = await fetch(`${gatewayUrl}/mock-bank/challenge`, {
    method: 'POST',
    body: new URLSearchParams({ token, decision: 'approve' }),
    redirect: 'manual',
  });
  if (answer.status !== 303) throw new Error(`challenge answered ${answer.status}`);
}

export { cardPayment };
