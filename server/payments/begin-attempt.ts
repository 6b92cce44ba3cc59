import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import { ATTEMPT } from './attempt-status.ts';

export interface AttemptStart {
  id: string;
  sessionId: string;
  paymentMethod: 'credit_card' | 'pix';
  amount: number;
  installments: number;
  cardLast4: string | null;
  customerDocument: string | null;
  /** The shopper's consent to keep the card once paid (docs/decisions.md: saved cards). */
  saveCard?: boolean;
  /** The saved card paid with, if any. */
  savedCardId?: number | null;
}

/**
 * Records an attempt as `sending` in one statement — one transaction — that locks the session row
 * (`SELECT … FOR UPDATE` in a CTE) and inserts only while the session is open and unexpired; the partial
 * unique index `payment_attempts_one_open_per_session` refuses a second attempt while one may still
 * take money (PAYABLE_STATUSES: on the wire, unknown, processing, a PIX code open), so two tabs racing
 * cannot both pay, and a card cannot be paid beside an open PIX code. Answers false when nothing was inserted (closed session or one in progress).
 * One round trip instead of five keeps the server's added latency small (the bench's budget).
 * `next_check_at` makes reconciliation look at it if this process dies before recording the answer.
 */
export async function beginAttempt(db: Database, attempt: AttemptStart, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const rows = await queryRows(
    db,
    sql`with session as (
          select id from checkout_sessions
          where id = ${attempt.sessionId} and status = 'open' and expires_at > ${at}::timestamptz
          for update
        )
        insert into payment_attempts
          (id, session_id, payment_method, amount, installments, status, card_last4, customer_document,
           save_card, saved_card_id, created_at, updated_at, next_check_at)
        select ${attempt.id}, session.id, ${attempt.paymentMethod}, ${attempt.amount}, ${attempt.installments},
               ${ATTEMPT.sending}, ${attempt.cardLast4}, ${attempt.customerDocument},
               ${attempt.saveCard ?? false}, ${attempt.savedCardId ?? null},
               ${at}::timestamptz, ${at}::timestamptz,
               ${at}::timestamptz + interval '2 minutes'
        from session
        on conflict (session_id) where status in ('sending', 'unknown', 'processing', 'waiting_payment') do nothing
        returning id`,
  );
  return rows.length === 1;
}
