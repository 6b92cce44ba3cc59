import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { checkoutLaneOf, queryOnCheckoutLane, sqlParam, type SqlParamType } from '../db/query-rows.ts';
import { checkoutSessions, paymentAttempts, type CheckoutSessionRow } from '../db/schema.ts';
import {
  canMoveSession,
  MAY_TAKE_MONEY_STATUSES,
  sessionStatusesBefore,
  type SessionStatus,
} from '../payments/state-machine.ts';

export type { SessionStatus };

/**
 * Lazy expiry: an open session past `expires_at` reads as expired without any job. A completed one stays
 * complete: its money was taken.
 */
export function effectiveStatus(row: CheckoutSessionRow, now: Date): SessionStatus {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

export async function findSession(db: Database, id: string): Promise<CheckoutSessionRow | undefined> {
  // On the checkout lane, with the payment's statements (server/db/open-database.ts).
  const [row] = await findSessionQuery(checkoutLaneOf(db)).execute({ id });
  if (row) rememberSession(db, row);
  return row;
}

/**
 * The read by id, built once per database handle and prepared (a name): a payment on a session this process
 * does not remember (older than the last REMEMBERED_MAX, or another instance's) pays one round trip for it
 * instead of two (Parse/Describe, then Bind/Execute), and no query building
 * (docs/decisions/145-prepared-statements-and-constant-sql.md).
 */
const findSessionQueries = new WeakMap<Database, ReturnType<typeof prepareFindSession>>();

function prepareFindSession(db: Database) {
  return db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_session');
}

function findSessionQuery(db: Database): ReturnType<typeof prepareFindSession> {
  let query = findSessionQueries.get(db);
  if (!query) findSessionQueries.set(db, (query = prepareFindSession(db)));
  return query;
}

/**
 * Sessions lately read or created, per database handle. What a session fixes (amount, items, methods, 3DS
 * policy, customer…) never changes after creation, so a payment is checked against a remembered copy without
 * a read; its status may be stale, which is safe: beginning a payment re-checks `open` and the expiry in the
 * database under the session's row lock (begin-attempt.ts), and only a refusal reads again. A shopper loads
 * the session before paying, so the payment usually finds it here (bench:
 * docs/decisions/075-two-round-trips-per-payment.md).
 */
const remembered = new WeakMap<Database, Map<string, CheckoutSessionRow>>();
const REMEMBERED_MAX = 10_000;

function rememberSession(db: Database, row: CheckoutSessionRow): void {
  let rows = remembered.get(db);
  if (!rows) remembered.set(db, (rows = new Map<string, CheckoutSessionRow>()));
  rows.delete(row.id);
  rows.set(row.id, row);
  // Oldest first (insertion order): a bounded memory, whatever the traffic.
  if (rows.size > REMEMBERED_MAX) {
    const oldest = rows.keys().next();
    if (!oldest.done) rows.delete(oldest.value);
  }
}

/**
 * Forgets the sessions remembered for `db`, as another instance of the server (or this one restarted) never saw
 * them: for the tests that count what a payment costs then (server/db/round-trips.test.ts).
 */
export function forgetRememberedSessions(db: Database): void {
  remembered.delete(db);
}

/** The session as lately seen (its status is a hint, see above), or read from the database. */
export async function findSessionForPayment(
  db: Database,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  return remembered.get(db)?.get(id) ?? findSession(db, id);
}

/** A new session: every column but those whose value only the database gives (their defaults below). */
export type SessionInsert = Omit<CheckoutSessionRow, 'currency' | 'paidAttemptId'>;

/**
 * Every column of the insert (the compiler asks for a new one), jsonb and timestamps cast from text; the
 * parameters follow this order.
 */
const INSERT_COLUMN_TYPES = {
  id: ['id', 'text'],
  reference: ['reference', 'text'],
  mode: ['mode', 'text'],
  items: ['items', 'jsonb'],
  shippingFee: ['shipping_fee', 'int'],
  amount: ['amount', 'int'],
  descriptor: ['descriptor', 'text'],
  methods: ['methods', 'jsonb'],
  boleto: ['boleto', 'jsonb'],
  maxInstallments: ['max_installments', 'int'],
  threeDS: ['three_ds', 'text'],
  feesPaidBy: ['fees_paid_by', 'text'],
  capture: ['capture', 'text'],
  customer: ['customer', 'jsonb'],
  collect: ['collect', 'jsonb'],
  saveCards: ['save_cards', 'boolean'],
  receipts: ['receipts', 'boolean'],
  locale: ['locale', 'text'],
  shop: ['shop', 'jsonb'],
  successUrl: ['success_url', 'text'],
  cancelUrl: ['cancel_url', 'text'],
  embedOrigins: ['embed_origins', 'jsonb'],
  metadata: ['metadata', 'jsonb'],
  status: ['status', 'text'],
  expiresAt: ['expires_at', 'timestamptz'],
  idempotencyKey: ['idempotency_key', 'text'],
  requestHash: ['request_hash', 'text'],
  paymentLinkId: ['payment_link_id', 'text'],
  createdAt: ['created_at', 'timestamptz'],
  updatedAt: ['updated_at', 'timestamptz'],
} as const satisfies Record<keyof SessionInsert, readonly [string, SqlParamType]>;

const INSERT_COLUMNS = Object.entries(INSERT_COLUMN_TYPES).map(
  ([key, [column, type]]) => [key as keyof SessionInsert, column, type] as const,
);

/**
 * Constant text, prepared (one round trip once a connection has it), and no query built per session
 * (docs/decisions/145-prepared-statements-and-constant-sql.md, 146). The new row is the one given: the
 * database only adds `currency`'s default and a null `paid_attempt_id`, so nothing is read back.
 */
const INSERT_SESSION_TEXT = `insert into checkout_sessions (${INSERT_COLUMNS.map(([, column]) => column).join(', ')})
  values (${INSERT_COLUMNS.map(([, , type], index) => `$${index + 1}::${type}`).join(', ')})
  on conflict do nothing
  returning id`;

/**
 * Inserts unless the idempotency key is taken; then answers the session that holds it (the caller
 * compares request hashes). The unique key, not a prior read, decides, so two racing requests agree.
 */
export async function insertSession(
  db: Database,
  session: SessionInsert,
): Promise<{ created: boolean; row: CheckoutSessionRow }> {
  const inserted = await queryOnCheckoutLane(
    db,
    INSERT_SESSION_TEXT,
    INSERT_COLUMNS.map(([key, , type]) => sqlParam(session[key], type)),
  );
  if (inserted.length === 1) {
    const created: CheckoutSessionRow = { ...session, currency: 'BRL', paidAttemptId: null };
    rememberSession(db, created);
    return { created: true, row: created };
  }
  if (session.idempotencyKey === null) {
    throw new Error('session insert conflicted without an idempotency key');
  }
  const [existing] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.idempotencyKey, session.idempotencyKey))
    .limit(1);
  if (!existing) throw new Error('session insert conflicted but no session holds the key');
  return { created: false, row: existing };
}

export interface SessionMove {
  id: string;
  to: SessionStatus;
  at: Date;
  /** Statuses it may move from; all the state machine allows by default. */
  from?: readonly SessionStatus[];
  /** Only if this holds too (a CTE of the same statement, say). */
  guard?: SQL;
  /** Completing: the attempt whose money completes it (a later paid one is a duplicate, refunded). */
  paidAttemptId?: string;
}

/**
 * THE session status write: every session status change is built here, guarded by the state machine
 * (server/payments/state-machine.ts) — but for the completion that payments/apply-change-repository.ts writes
 * in the statement recording the payment, from the same `sessionStatusesBefore('complete')`.
 */
function sessionUpdate(db: Database, move: SessionMove) {
  const from = move.from ?? sessionStatusesBefore(move.to);
  for (const status of from)
    if (!canMoveSession(status, move.to))
      throw new Error(`session state machine: no move from ${status} to ${move.to}`);
  return db
    .update(checkoutSessions)
    .set({
      status: move.to,
      updatedAt: move.at,
      ...(move.paidAttemptId === undefined ? {} : { paidAttemptId: move.paidAttemptId }),
    })
    .where(and(eq(checkoutSessions.id, move.id), inArray(checkoutSessions.status, [...from]), move.guard));
}

/** One session status change, one statement: the session as moved, or undefined if it was not. */
export async function moveSession(db: Database, move: SessionMove): Promise<CheckoutSessionRow | undefined> {
  const [row] = await sessionUpdate(db, move).returning();
  return row;
}

/**
 * No attempt of the session may still take money (a PIX code that can be paid, a card being sent or
 * processed, an outcome not known yet). A session expires only then: otherwise the merchant could hear
 * `checkout.session.expired` and then `checkout.session.completed` (docs/decisions/103-expiry-waits-for-open-payments.md).
 */
function noPayableAttempt(): SQL {
  return sql`not exists (select 1 from ${paymentAttempts}
    where ${paymentAttempts.sessionId} = ${checkoutSessions.id}
      and ${inArray(paymentAttempts.status, [...MAY_TAKE_MONEY_STATUSES])})`;
}

/**
 * Open sessions past `expires_at` with no payment that may still take money (a PIX paid at the last minute
 * completes its session: the merchant never hears "expired" then "completed", decision 103): up to `limit`,
 * claimed with SKIP LOCKED until the transaction ends, so the sweep stores each expiry once across
 * instances (jobs/lifecycle-sweeps.ts).
 */
export async function claimExpiredOpenSessions(
  db: Database,
  now: Date,
  limit: number,
): Promise<CheckoutSessionRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, 'open'), lte(checkoutSessions.expiresAt, now), noPayableAttempt()))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Locks the session's row until the transaction ends: a payment beginning meanwhile waits, or is seen. */
export async function lockSession(db: Database, id: string): Promise<void> {
  await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id))
    .for('update');
}

/**
 * An open session stored as expired (lazy expiry made durable, or the merchant's call) — unless one of its
 * payments may still take money. Run after `lockSession` in the same transaction, so a payment that began
 * just before is seen by this statement.
 */
export async function markSessionExpired(
  db: Database,
  id: string,
  now: Date,
): Promise<CheckoutSessionRow | undefined> {
  return moveSession(db, { id, from: ['open'], to: 'expired', at: now, guard: noPayableAttempt() });
}
