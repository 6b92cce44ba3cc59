// The minimal server scripts/bench-server.mjs compares the checkout server with (`--minimal`): the same
// durable work for a card payment, written as plainly as it can be — Hono on @hono/node-server, the
// project's zod contract schemas for the request and the answer, postgres.js with two prepared statements
// (the attempt recorded as `sending` under the session's row lock before the gateway call; the answer, its
// history row, the session's completion and two outbox events in one statement after), an undici Pool to the
// gateway. No rate limits, logs, saved cards, payment links, state machine or unknown-outcome handling: what
// is left of the checkout server's CPU above this is what those and the framework around them cost.
// Answers the bench's IPC questions like scripts/bench-target.ts (its CPU, what it sent to PostgreSQL).
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import postgres from 'postgres';
import { Pool } from 'undici';
import { createSessionRequestSchema, orderAmount } from '../contract/checkout-session.ts';
import { transactionRequestSchema } from '../contract/gateway/transaction-request.ts';
import { transactionSchema } from '../contract/gateway/transaction.ts';
import { countingSocket, newWireCounts } from '../server/db/wire-count.ts';
import { answerBenchQuestions } from './bench-questions.ts';

const port = Number(process.env.PORT);
const databaseUrl = process.env.DATABASE_URL;
const gatewayUrl = process.env.GATEWAY_URL;
if (!databaseUrl || !gatewayUrl || !port)
  throw new Error('bench-minimal needs PORT, DATABASE_URL and GATEWAY_URL');

const wire = newWireCounts();
const sql = postgres(databaseUrl, {
  // As many as the checkout server's checkout lane, which its payments' and sessions' statements go to
  // (server/db/open-database.ts): the comparison is of the work, at the same connections.
  max: 2,
  connection: { application_name: 'checkout-minimal' },
  // Not in postgres.js's option types, as in server/db/open-database.ts.
  ...{ socket: countingSocket(wire) },
  onnotice: () => undefined,
});
const gateway = new Pool(gatewayUrl, { connections: 128, headersTimeout: 8_000, bodyTimeout: 8_000 });
const gatewayHeaders = {
  authorization: `Bearer ${process.env.GATEWAY_TOKEN ?? 'bench-gateway-token'}`,
  accept: 'application/json',
  'content-type': 'application/json',
};

const BEGIN = `with session as (
    select id from checkout_sessions where id = $1 and status = 'open' and expires_at > $2::timestamptz for update
  )
  insert into payment_attempts (id, session_id, payment_method, amount, installments, status, card_last4,
    created_at, updated_at, next_check_at)
  select $3, session.id, $4, $5, $6, 'sending', $7, $2::timestamptz, $2::timestamptz, $8::timestamptz from session
  returning id`;

const ANSWER = `with updated as (
    update payment_attempts set status = $1, gateway_status = $2, transaction_id = $3, gateway_response = $4::jsonb,
      checked_at = $5::timestamptz, captured_amount = $6, updated_at = $5::timestamptz, next_check_at = null
    where id = $7 and status = 'sending' and transaction_id is null
    returning id
  ), history as (
    insert into payment_events (attempt_id, from_status, to_status, source, detail, created_at)
    select updated.id, 'sending', $1, 'payment', $8::jsonb, $5::timestamptz from updated returning id
  ), completed as (
    update checkout_sessions set status = 'complete', updated_at = $5::timestamptz, paid_attempt_id = $7
    where id = $9 and status = 'open' and exists (select 1 from updated)
    returning id
  ), announced as (
    insert into outbox_events (id, type, session_id, attempt_id, payload, status, next_attempt_at, created_at)
    select r.id, r.type, r.session_id, r.attempt_id, r.payload, 'pending', $5::timestamptz, $5::timestamptz
    from completed cross join jsonb_to_recordset($10::jsonb)
      as r(id text, type text, session_id text, attempt_id text, payload jsonb)
    returning id
  )
  select count(*)::int as updated from updated`;

const CREATE_SESSION = `insert into checkout_sessions (id, reference, mode, items, amount, methods, max_installments,
    three_ds, fees_paid_by, capture, embed_origins, metadata, status, expires_at, created_at, updated_at)
  values ($1, $2, 'payment', $3::jsonb, $4, $5::jsonb, 12, 'off', 'merchant', 'automatic', '[]'::jsonb, '{}'::jsonb,
    'open', $6::timestamptz, $7::timestamptz, $7::timestamptz)
  on conflict do nothing
  returning id`;

const id = (prefix: string) => `${prefix}${randomBytes(16).toString('base64url')}`;

const app = new Hono();
// A session as the merchant creates it: the contract's schema, one prepared insert, the session answered.
app.post('/api/v1/checkout-sessions', async (c) => {
  if (c.req.header('authorization') !== `Bearer ${process.env.CHECKOUT_SECRET_KEY ?? ''}`)
    return c.json({}, 401);
  const parsed = createSessionRequestSchema.safeParse(await c.req.json());
  if (!parsed.success) return c.json({ errors: parsed.error.issues }, 400);
  const body = parsed.data;
  const now = new Date();
  const items = body.items ?? [];
  const sessionId = id('cs_');
  const methods = body.methods ?? ['credit_card', 'pix'];
  const amount = orderAmount(items, body.shipping_fee);
  const expires = new Date(now.getTime() + 3_600_000).toISOString();
  await sql.unsafe(
    CREATE_SESSION,
    [
      sessionId,
      body.reference,
      sql.json(items as postgres.JSONValue),
      amount,
      sql.json(methods),
      expires,
      now.toISOString(),
    ],
    { prepare: true },
  );
  return c.json(
    {
      id: sessionId,
      object: 'checkout.session',
      status: 'open',
      amount,
      currency: 'BRL',
      items,
      methods,
      expires_at: expires,
    },
    201,
  );
});
app.post('/api/pay/:session/v1/transactions', async (c) => {
  const parsed = transactionRequestSchema.safeParse(await c.req.json());
  if (!parsed.success) return c.json({ errors: parsed.error.issues }, 400);
  const request = parsed.data;
  const sessionId = c.req.param('session');
  const attemptId = id('pa_');
  const now = new Date();
  const last4 = 'card' in request ? request.card.card_number.slice(-4) : null;
  const begun = await sql.unsafe(
    BEGIN,
    [
      sessionId,
      now.toISOString(),
      attemptId,
      request.payment_method,
      request.amount,
      'installments' in request ? request.installments : 1,
      last4,
      new Date(now.getTime() + 120_000).toISOString(),
    ],
    { prepare: true },
  );
  if (begun.length !== 1) return c.json({ error: 'session not payable' }, 409);
  const response = await gateway.request({
    method: 'POST',
    path: '/v1/transactions',
    headers: gatewayHeaders,
    body: JSON.stringify(request),
  });
  const answer = transactionSchema.safeParse(await response.body.json());
  if (!answer.success) return c.json({ error: 'gateway answer unreadable' }, 502);
  const transaction = answer.data;
  const at = new Date();
  const created = Math.floor(at.getTime() / 1000);
  const events = ['payment.succeeded', 'checkout.session.completed'].map((type) => {
    const eventId = id('evt_');
    return {
      id: eventId,
      type,
      session_id: sessionId,
      attempt_id: attemptId,
      payload: {
        id: eventId,
        type,
        created,
        data: { object: { id: attemptId, status: transaction.status } },
      },
    };
  });
  await sql.unsafe(
    ANSWER,
    [
      transaction.status === 'paid' ? 'paid' : 'refused',
      transaction.status,
      transaction.id,
      sql.json(transaction as postgres.JSONValue),
      at.toISOString(),
      transaction.paid_amount ?? 0,
      attemptId,
      sql.json({ transaction_id: transaction.id, gateway_status: transaction.status }),
      sessionId,
      sql.json(events),
    ],
    { prepare: true },
  );
  return c.json(transaction);
});

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.send?.('ready'));
answerBenchQuestions(wire);
process.on('SIGTERM', () => process.exit(0));
