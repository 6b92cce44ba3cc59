import type { PaymentLinkRefusal } from '../../contract/checkout-session.ts';
import type { Database } from '../db/database.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { beginAttempt, type BeginResult } from '../payments/begin-attempt.ts';
import type { AttemptStart } from '../payments/begin-attempt-repository.ts';
import { hitAll, type RateRule } from '../rate-limit/rate-limit.ts';
import { findLinkById, lockLink } from './link-repository.ts';
import { countLinkSlots } from './link-slot-repository.ts';
import { linkStatus } from './link-status.ts';

export type LinkBeginResult =
  | BeginResult
  /** Every slot is paid for: nothing was sent to the gateway. */
  | { kind: 'used-up' }
  /** A slot is free only if a payment under way on another session ends without money. */
  | { kind: 'held' }
  /** The merchant turned the link off, or its expiry passed, after this session was opened. */
  | { kind: 'closed'; status: 'inactive' | 'expired' };

/**
 * How long an unpaid PIX code holds a slot of a link with `max_payments`
 * (docs/decisions/286-link-state-at-payment-begin.md): a code lives as long as the gateway's account says
 * (30 minutes and more) and cannot be cancelled, so holding the slot for its whole life turned every other
 * shopper away meanwhile. After this the code may still be paid; if the link's slots were paid for by then,
 * that payment is refunded by itself (refund-duplicate.ts).
 */
export const LINK_PIX_HOLD_MS = 10 * 60_000;

/**
 * The link's other sessions that are paid (complete), and those that hold one of its `max_payments` slots
 * besides `sessionId` (a PIX code holds one for LINK_PIX_HOLD_MS).
 */
function slotsTaken(
  db: Database,
  linkId: string,
  sessionId: string,
  now: Date,
): Promise<{ paid: number; taken: number }> {
  return countLinkSlots(db, linkId, sessionId, new Date(now.getTime() - LINK_PIX_HOLD_MS));
}

type LinkRefusal = Exclude<LinkBeginResult, BeginResult>;

/**
 * Why the link takes no payment of `sessionId` now, read from its row (locked or not) and, with
 * `max_payments`, from its other sessions: turned off or expired — whatever the session's age — then used
 * up, then held by a payment under way on another session. Undefined: a payment may begin.
 */
async function refusalOf(
  db: Database,
  link: PaymentLinkRow,
  sessionId: string,
  now: Date,
): Promise<LinkRefusal | undefined> {
  const status = linkStatus(link, now);
  switch (status) {
    case 'inactive':
    case 'expired':
      return { kind: 'closed', status };
    case 'completed':
      return { kind: 'used-up' };
    case 'active':
      break;
  }
  if (link.maxPayments === null) return undefined;
  const slots = await slotsTaken(db, link.id, sessionId, now);
  if (slots.paid >= link.maxPayments) return { kind: 'used-up' };
  if (slots.taken >= link.maxPayments) return { kind: 'held' };
  return undefined;
}

/** A refusal as the 409 to a payment names it, and the shopper's page reads it (contract/checkout-session.ts). */
export function refusalCode(refusal: LinkRefusal): PaymentLinkRefusal {
  switch (refusal.kind) {
    case 'held':
      return 'payment_link_held';
    case 'used-up':
      return 'payment_link_used_up';
    case 'closed':
      return refusal.status === 'inactive' ? 'payment_link_inactive' : 'payment_link_expired';
  }
}

/**
 * What the shopper's page of an open link session is told (`payment_link_refusal`), read without a lock:
 * the page asks after a payment was refused with a 409, and shows why
 * (docs/decisions/287-link-closed-under-the-checkout.md). One or two statements, on link sessions only.
 */
export async function readLinkRefusal(
  db: Database,
  linkId: string,
  sessionId: string,
  now: Date,
): Promise<PaymentLinkRefusal | undefined> {
  const link = await findLinkById(db, linkId);
  const refusal = link ? await refusalOf(db, link, sessionId, now) : undefined;
  return refusal ? refusalCode(refusal) : undefined;
}

/**
 * Begins a payment of a session opened from a payment link (docs/decisions/220-payment-link-slots.md,
 * docs/decisions/286-link-state-at-payment-begin.md): the link's row is locked, its state read from that
 * row — turned off or expired since the session was opened, nothing is sent to the gateway — the slots
 * counted when it has `max_payments`, and the attempt begun, in ONE transaction, so of two shoppers paying
 * the last slot at once exactly one begins; the other is told before anything is sent (`used-up`, or `held`
 * while the other payment may still end without money). The lock serialises the count: the second
 * transaction counts after the first has committed its attempt (READ COMMITTED takes a new snapshot per
 * statement). A refused or failed payment frees its slot by itself, since only paid sessions and payments
 * that may still take money count. The state check adds no statement: it reads the row the lock returns.
 */
export async function beginLinkAttempt(
  db: Database,
  linkId: string,
  attempt: AttemptStart,
  now: Date,
  rules: readonly RateRule[] = [],
): Promise<LinkBeginResult> {
  return db.transaction(async (tx): Promise<LinkBeginResult> => {
    const link = await lockLink(tx, linkId);
    const refused = link ? await refusalOf(tx, link, attempt.sessionId, now) : undefined;
    if (refused) {
      // The request still counts against its limits (card testing on a closed link is still testing).
      const verdict = await hitAll(tx, rules, now);
      if (!verdict.allowed) return { kind: 'rate-limited', verdict };
      return refused;
    }
    return beginAttempt(tx, attempt, now, rules);
  });
}
