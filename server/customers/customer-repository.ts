import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { olderThan } from '../db/newest-first.ts';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import {
  checkoutSessions,
  paymentAttempts,
  savedCards,
  type CheckoutSessionRow,
  type PaymentAttemptRow,
} from '../db/schema.ts';

/*
 * Customers are the sessions' `customer` with an `external_id` (the merchant's id, by which saved cards are kept
 * too): there is no customers table (decision 252). These queries group, search and anonymise them.
 */

export interface CustomerSummaryRow {
  externalId: string;
  /** The newest session's `customer` (what the merchant last sent). */
  latest: Record<string, unknown> | null;
  sessions: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface CustomerFilter {
  email?: string;
  /** Digits (CPF) or the alphanumeric CNPJ, as stored. */
  document?: string;
}

function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function asObject(value: unknown): Record<string, unknown> | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
}

const EXTERNAL_ID = sql`customer->>'external_id'`;

/** Customers by their last session, newest first, `(last seen, id)` as the cursor. */
export async function listCustomerRows(
  db: Database,
  options: { filter: CustomerFilter; limit: number; after?: { at: Date; id: string }; externalId?: string },
): Promise<CustomerSummaryRow[]> {
  const { filter, after } = options;
  const matches: SQL[] = [];
  if (filter.email !== undefined) matches.push(sql`lower(customer->>'email') = lower(${filter.email})`);
  if (filter.document !== undefined) matches.push(sql`customer->'document'->>'number' = ${filter.document}`);
  const search =
    matches.length === 0
      ? sql``
      : sql`and ${EXTERNAL_ID} in (select ${EXTERNAL_ID} from checkout_sessions where ${EXTERNAL_ID} is not null and ${sql.join(matches, sql` and `)})`;
  const one = options.externalId === undefined ? sql`` : sql`and ${EXTERNAL_ID} = ${options.externalId}`;
  const cursor =
    after === undefined
      ? sql``
      : sql`having (max(created_at), ${EXTERNAL_ID}) < (${after.at.toISOString()}::timestamptz, ${after.id})`;
  const rows = await queryRows(
    db,
    sql`select ${EXTERNAL_ID} as external_id, count(*)::int as sessions, min(created_at) as first_seen,
          max(created_at) as last_seen, (array_agg(customer order by created_at desc, id desc))[1] as latest
        from checkout_sessions
        where ${EXTERNAL_ID} is not null ${search} ${one}
        group by ${EXTERNAL_ID}
        ${cursor}
        order by max(created_at) desc, ${EXTERNAL_ID} desc
        limit ${options.limit}`,
  );
  return rows.map((row) => ({
    externalId: String(row.external_id),
    latest: asObject(row.latest),
    sessions: Number(row.sessions),
    firstSeenAt: asDate(row.first_seen),
    lastSeenAt: asDate(row.last_seen),
  }));
}

export type CustomerPaymentRow = {
  attempt: PaymentAttemptRow;
  session: Pick<CheckoutSessionRow, 'reference' | 'capture' | 'paymentLinkId'>;
};

/** The customer's payments (attempts of their sessions), newest first, `(created_at, id)` as the cursor. */
export async function listCustomerPaymentRows(
  db: Database,
  externalId: string,
  options: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<CustomerPaymentRow[]> {
  const { after } = options;
  const rows = await db
    .select({
      attempt: paymentAttempts,
      session: {
        reference: checkoutSessions.reference,
        capture: checkoutSessions.capture,
        paymentLinkId: checkoutSessions.paymentLinkId,
      },
    })
    .from(paymentAttempts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentAttempts.sessionId))
    .where(
      and(
        sql`${checkoutSessions.customer}->>'external_id' = ${externalId}`,
        olderThan(paymentAttempts.createdAt, paymentAttempts.id, after),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(options.limit);
  return rows;
}

export type EraseRefusal =
  | { reason: 'may_take_money'; paymentIds: string[] }
  | { reason: 'open_session'; sessionIds: string[] };

export interface ErasedCounts {
  sessions: number;
  payments: number;
  savedCards: number;
}

/** A customer's session as erasure sees it: whether it may still be paid, whether it holds personal data. */
export interface CustomerSessionLock {
  id: string;
  status: string;
  expiresAt: Date;
  hasData: boolean;
}

/**
 * In the caller's transaction: the customer's sessions, locked (a payment beginning on one of them waits, then
 * finds it anonymised), in id order.
 */
export async function lockCustomerSessions(tx: Database, externalId: string): Promise<CustomerSessionLock[]> {
  const rows = await queryRows(
    tx,
    sql`select id, status, expires_at, (customer - 'external_id') <> '{}'::jsonb as has_data
        from checkout_sessions where ${EXTERNAL_ID} = ${externalId}
        order by id for update`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    status: String(row.status),
    expiresAt: asDate(row.expires_at),
    hasData: row.has_data === true,
  }));
}

/** The customer's saved cards removed; answers how many. */
export async function deleteCustomerCards(tx: Database, externalId: string): Promise<number> {
  const cards = await tx
    .delete(savedCards)
    .where(eq(savedCards.customerExternalId, externalId))
    .returning({ id: savedCards.cardId });
  return cards.length;
}

/** These sessions' customer reduced to its `external_id`. */
export async function clearSessionCustomers(
  tx: Database,
  sessionIds: readonly string[],
  externalId: string,
  now: Date,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx
    .update(checkoutSessions)
    .set({ customer: { external_id: externalId }, updatedAt: now })
    .where(inArray(checkoutSessions.id, [...sessionIds]));
}

/** Whether the merchant's id names a customer at all (a session of theirs, or a saved card). */
export async function customerExists(db: Database, externalId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select exists (select 1 from checkout_sessions where ${EXTERNAL_ID} = ${externalId})
          or exists (select 1 from saved_cards where customer_external_id = ${externalId}) as found`,
  );
  return rows[0]?.found === true;
}
