import { and, desc, eq } from 'drizzle-orm';
import type { SavedCard } from '../../contract/saved-cards.ts';
import type { Database } from '../db/database.ts';
import { savedCards, type SavedCardRow } from '../db/schema.ts';

/** A database or an open transaction: saving happens inside the one that records the payment. */
type Executor = Pick<Database, 'insert' | 'select' | 'delete'>;

/** At most this many cards are listed per customer (newest first); older ones stay usable by id. */
const LIST_LIMIT = 20;

/** What we keep of a card: what the gateway said about it, each field checked before it is stored. */
export interface CardFacts {
  cardId: number;
  brand: string | null;
  firstDigits: string | null;
  lastDigits: string | null;
  holderName: string | null;
}

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.cardId,
    object: 'saved_card',
    brand: row.brand,
    first_digits: row.firstDigits,
    last_digits: row.lastDigits,
    holder_name: row.holderName,
    created_at: row.createdAt.toISOString(),
  };
}

/** Keeps a card for a customer; the same card saved again changes nothing (the first save stays). */
export async function saveCard(
  db: Executor,
  customerExternalId: string,
  facts: CardFacts,
  sessionId: string,
  now: Date,
): Promise<SavedCardRow | undefined> {
  await db
    .insert(savedCards)
    .values({ customerExternalId, ...facts, sessionId, createdAt: now })
    .onConflictDoNothing();
  return findSavedCard(db, customerExternalId, facts.cardId);
}

export async function findSavedCard(
  db: Pick<Database, 'select'>,
  customerExternalId: string,
  cardId: number,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerExternalId, customerExternalId), eq(savedCards.cardId, cardId)))
    .limit(1);
  return row;
}

export async function listSavedCards(
  db: Pick<Database, 'select'>,
  customerExternalId: string,
): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.customerExternalId, customerExternalId))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.cardId))
    .limit(LIST_LIMIT);
  return rows.map(toSavedCard);
}

/** Answers whether a card was removed (false: this customer has no such card). */
export async function deleteSavedCard(
  db: Pick<Database, 'delete'>,
  customerExternalId: string,
  cardId: number,
): Promise<boolean> {
  const removed = await db
    .delete(savedCards)
    .where(and(eq(savedCards.customerExternalId, customerExternalId), eq(savedCards.cardId, cardId)))
    .returning({ cardId: savedCards.cardId });
  return removed.length > 0;
}
