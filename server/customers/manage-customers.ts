import type { CustomerErasure, CustomerSearch, CustomerView } from '../../contract/customers.ts';
import type { MerchantPayment } from '../../contract/merchant-events.ts';
import type { SavedCard } from '../../contract/saved-cards.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import { writeEvents } from '../events/outbox.ts';
import { toMerchantPayment } from '../events/payment-view.ts';
import { deleteSavedCard, listSavedCards } from '../saved-cards/saved-card-repository.ts';
import { anonymiseCustomer } from './anonymise-customer.ts';
import {
  customerExists,
  listCustomerPaymentRows,
  listCustomerRows,
  type CustomerSummaryRow,
} from './customer-repository.ts';

/**
 * The merchant's customers (docs/merchants/customers.md, decision 252), for the merchant API
 * (server/routes/merchant-customers.ts) and the console's routes alike: plain inputs, plain results. Given an
 * actor (the console's user), a change writes its audit row in its own transaction: both commit or neither.
 */

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function toCustomerView(row: CustomerSummaryRow): CustomerView {
  const latest = row.latest ?? {};
  const document = latest.document as { type?: unknown; number?: unknown } | undefined;
  const name = text(latest.name);
  const email = text(latest.email);
  const phone = text(latest.phone);
  const documentView =
    document && typeof document.type === 'string' && typeof document.number === 'string'
      ? { type: document.type, number: document.number }
      : null;
  return {
    id: row.externalId,
    object: 'customer',
    name,
    email,
    document: documentView,
    phone,
    sessions: row.sessions,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    erased: Object.keys(latest).every((key) => key === 'external_id'),
  };
}

export interface Page<T, C> {
  data: T[];
  hasMore: boolean;
  /** The last row's position, for the next page's `after` (the route encodes it as a cursor). */
  last: C | undefined;
}

export async function listCustomers(
  db: Database,
  options: { search: CustomerSearch; limit: number; after?: { at: Date; id: string } },
): Promise<Page<CustomerView, { at: Date; id: string }>> {
  const rows = await listCustomerRows(db, {
    filter: options.search,
    limit: options.limit + 1,
    ...(options.after ? { after: options.after } : {}),
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    data: page.map(toCustomerView),
    hasMore: rows.length > options.limit,
    last: last && { at: last.lastSeenAt, id: last.externalId },
  };
}

export async function getCustomer(db: Database, externalId: string): Promise<CustomerView | undefined> {
  const [row] = await listCustomerRows(db, { filter: {}, limit: 1, externalId });
  return row && toCustomerView(row);
}

export async function listCustomerPayments(
  db: Database,
  externalId: string,
  options: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<Page<MerchantPayment, { createdAt: Date; id: string }>> {
  const rows = await listCustomerPaymentRows(db, externalId, {
    limit: options.limit + 1,
    ...(options.after ? { after: options.after } : {}),
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => toMerchantPayment(row.attempt, row.session)),
    hasMore: rows.length > options.limit,
    last: last && { createdAt: last.attempt.createdAt, id: last.attempt.id },
  };
}

export async function listCustomerCards(db: Database, externalId: string): Promise<SavedCard[]> {
  return listSavedCards(db, externalId);
}

export async function removeCustomerCard(
  db: Database,
  externalId: string,
  cardId: number,
  audit?: { actor: AuditActor; now: Date },
): Promise<boolean> {
  if (!audit) return deleteSavedCard(db, externalId, cardId);
  return db.transaction(async (tx) => {
    const removed = await deleteSavedCard(tx, externalId, cardId);
    await recordAudit(
      tx,
      audit.actor,
      'customer.card_remove',
      { type: 'customer', id: externalId },
      { card_id: cardId, outcome: removed ? 'removed' : 'not_found' },
      audit.now,
    );
    return removed;
  });
}

export type EraseOutcome =
  | { ok: true; erasure: CustomerErasure }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'may_take_money'; paymentIds: string[] }
  | { ok: false; reason: 'open_session'; sessionIds: string[] };

/**
 * Erases a customer (LGPD): one transaction removes the saved cards, anonymises the sessions and payments
 * (customer-repository.ts) and writes `customer.erased` to the outbox — or refuses, changing nothing, while a
 * payment may still take money or a session can still be paid. Idempotent: with nothing left to erase it
 * answers `already_erased` and writes no second event.
 */
export async function eraseCustomer(
  db: Database,
  externalId: string,
  now: Date,
  actor?: AuditActor,
): Promise<EraseOutcome> {
  return db.transaction(async (tx): Promise<EraseOutcome> => {
    const outcome = await eraseIn(tx, externalId, now);
    // The detail never holds the customer's personal data: the audit log outlives the erasure.
    if (actor) {
      await recordAudit(
        tx,
        actor,
        'customer.erase',
        { type: 'customer', id: externalId },
        outcome.ok
          ? {
              outcome: outcome.erasure.already_erased ? 'already_erased' : 'erased',
              sessions_anonymised: outcome.erasure.sessions_anonymised,
              payments_anonymised: outcome.erasure.payments_anonymised,
              saved_cards_removed: outcome.erasure.saved_cards_removed,
              event_id: outcome.erasure.event_id,
            }
          : { outcome: outcome.reason },
        now,
      );
    }
    return outcome;
  });
}

async function eraseIn(tx: Database, externalId: string, now: Date): Promise<EraseOutcome> {
  if (!(await customerExists(tx, externalId))) return { ok: false, reason: 'not_found' };
  const result = await anonymiseCustomer(tx, externalId, now);
  if (!result.ok) {
    return result.refusal.reason === 'may_take_money'
      ? { ok: false, reason: 'may_take_money', paymentIds: result.refusal.paymentIds }
      : { ok: false, reason: 'open_session', sessionIds: result.refusal.sessionIds };
  }
  const { counts } = result;
  const already = counts.sessions + counts.payments + counts.savedCards === 0;
  const [eventId] = already
    ? []
    : await writeEvents(
        tx,
        [
          {
            type: 'customer.erased',
            object: {
              id: externalId,
              object: 'customer',
              erased_at: now.toISOString(),
              sessions_anonymised: counts.sessions,
              payments_anonymised: counts.payments,
              saved_cards_removed: counts.savedCards,
            },
            sessionId: null,
            attemptId: null,
          },
        ],
        now,
      );
  return {
    ok: true,
    erasure: {
      id: externalId,
      object: 'customer_erasure',
      already_erased: already,
      sessions_anonymised: counts.sessions,
      payments_anonymised: counts.payments,
      saved_cards_removed: counts.savedCards,
      event_id: eventId ?? null,
    },
  };
}
