import type { SESSION_STATUSES } from '../../contract/checkout-session.ts';
import type { PaymentEventType } from '../../contract/merchant-event-objects.ts';

/**
 * The payment state machine: every status a payment attempt or a checkout session can hold, the moves
 * between them, and every set of statuses the server acts on — all derived from the two tables below.
 * Pure (no database, no I/O): the schema's CHECK constraints and partial indexes, the SQL of the hot
 * path and the state diagram in docs/architecture/state-machine.md are generated from it or checked
 * against it by server/payments/state-machine.test.ts. Decision record: docs/decisions/140-payment-state-machine.md.
 */

/** Statuses the gateway reports for a transaction, as far as we know them. */
export const GATEWAY_STATUSES = [
  'processing',
  'waiting_payment',
  'authorized',
  'paid',
  'refused',
  'canceled',
  'failed',
  'pending_refund',
  'refunded',
  'chargedback',
] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/**
 * Ours: where an attempt stands before, or without, a transaction of the gateway. `failed` is both ours
 * (nothing reached the gateway) and the gateway's (it created a transaction that failed): either way no
 * money moved and the shopper may pay again.
 */
export const OUR_STATUSES = ['sending', 'unknown', 'rejected', 'failed_unknown', 'withdrawn'] as const;

export const ATTEMPT_STATUSES = [...OUR_STATUSES, ...GATEWAY_STATUSES] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** What each status means to the server; every status set below is read from here. */
interface StatusFacts {
  /** The gateway may still move it: reconciliation keeps asking. */
  followed: boolean;
  /** It may still take money: no second attempt starts on the session (a partial unique index). */
  payable: boolean;
  /** Ours, and its outcome is not known yet: settled before a new attempt may start. */
  blocking: boolean;
  /** The gateway moves it on by itself: a reload asks the gateway again (throttled). */
  moving: boolean;
  /** The money is taken (or was, then given back): `captured_amount` counts. */
  captured: boolean;
  /** The money is taken or reserved: the session completes. */
  completing: boolean;
  /** Where it leads (besides staying, which a duplicate read does). */
  to: readonly AttemptStatus[];
}

const FINAL_NO_MONEY = ['refused', 'canceled', 'failed'] as const;
const FIRST_ANSWERS: readonly AttemptStatus[] = GATEWAY_STATUSES;

const quiet = {
  followed: false,
  payable: false,
  blocking: false,
  moving: false,
  captured: false,
  completing: false,
};

/**
 * THE transition table. A gateway read that is not a move listed here (a late webhook, a replica behind:
 * `paid` back to `authorized`) is a regression and changes nothing but `checked_at`. Moves between final
 * statuses of the same stage are kept as the gateway reports them (a PIX paid after it was canceled is
 * money taken and must be recorded).
 */
export const ATTEMPT_MACHINE: Readonly<Record<AttemptStatus, StatusFacts>> = {
  sending: {
    ...quiet,
    followed: true,
    payable: true,
    blocking: true,
    to: ['unknown', 'rejected', ...FIRST_ANSWERS],
  },
  unknown: {
    ...quiet,
    followed: true,
    payable: true,
    blocking: true,
    to: ['failed_unknown', ...FIRST_ANSWERS],
  },
  rejected: { ...quiet, to: [] },
  failed_unknown: { ...quiet, to: [] },
  processing: {
    ...quiet,
    followed: true,
    payable: true,
    moving: true,
    to: [
      'waiting_payment',
      'authorized',
      'paid',
      ...FINAL_NO_MONEY,
      'pending_refund',
      'refunded',
      'chargedback',
    ],
  },
  waiting_payment: {
    ...quiet,
    followed: true,
    payable: true,
    moving: true,
    to: [
      'processing',
      'authorized',
      'paid',
      ...FINAL_NO_MONEY,
      'pending_refund',
      'refunded',
      'chargedback',
      'withdrawn',
    ],
  },
  /**
   * Ours: a PIX code the shopper gave up for a card (docs/decisions/222-card-after-pix.md). The spec has
   * no way to cancel a PIX charge, so the gateway may still see it paid from a bank app: it is followed
   * until the gateway ends it, but no longer payable — a card may begin beside it. Paid anyway, it is
   * refunded if the session is already paid by another attempt. The gateway's `waiting_payment` read
   * after it is a regression (the table has no move back), so a late read never re-opens the code.
   */
  withdrawn: {
    ...quiet,
    followed: true,
    moving: true,
    // Not `processing`: that is payable, and a card may be under way beside it (one payable per session).
    to: ['authorized', 'paid', ...FINAL_NO_MONEY, 'pending_refund', 'refunded', 'chargedback'],
  },
  authorized: {
    ...quiet,
    followed: true,
    completing: true,
    to: ['paid', ...FINAL_NO_MONEY, 'pending_refund', 'refunded', 'chargedback'],
  },
  paid: {
    ...quiet,
    captured: true,
    completing: true,
    to: [...FINAL_NO_MONEY, 'pending_refund', 'refunded', 'chargedback'],
  },
  refused: { ...quiet, to: ['paid', 'canceled', 'failed', 'pending_refund', 'refunded', 'chargedback'] },
  canceled: { ...quiet, to: ['paid', 'refused', 'failed', 'pending_refund', 'refunded', 'chargedback'] },
  failed: { ...quiet, to: ['paid', 'refused', 'canceled', 'pending_refund', 'refunded', 'chargedback'] },
  pending_refund: { ...quiet, followed: true, captured: true, to: ['refunded', 'chargedback'] },
  refunded: { ...quiet, captured: true, to: ['chargedback'] },
  chargedback: { ...quiet, captured: true, to: ['refunded'] },
};

/**
 * The one move back: a partial PIX refund ends by going from `pending_refund` to `paid` with a larger
 * refunded total. Allowed only with that proof (record-transaction.ts); a stale read from before the
 * refund has none and stays a regression. Not part of the rank.
 */
export const REFUND_SETTLED = { from: 'pending_refund', to: 'paid' } as const satisfies {
  from: AttemptStatus;
  to: AttemptStatus;
};

export function isAttemptStatus(value: string): value is AttemptStatus {
  return Object.hasOwn(ATTEMPT_MACHINE, value);
}

function isGatewayStatus(value: string): value is GatewayStatus {
  return (GATEWAY_STATUSES as readonly string[]).includes(value);
}

/**
 * The status we record for the gateway's raw status (kept as is in `gateway_status`): a status we do not
 * know is shown as in progress — followed, blocking a second payment — never guessed to be paid or failed.
 */
export function statusOfGateway(raw: string): GatewayStatus {
  return isGatewayStatus(raw) ? raw : 'processing';
}

/** Whether the table allows `from` → `to` (staying is always allowed: a duplicate read). */
export function canMove(from: AttemptStatus, to: AttemptStatus): boolean {
  return from === to || ATTEMPT_MACHINE[from].to.includes(to);
}

/** A read that would move the payment back (or sideways where the table has no such move). */
export function isRegression(from: AttemptStatus, to: AttemptStatus): boolean {
  return !canMove(from, to);
}

/**
 * Our own writes must be listed moves: a bug, not a gateway's whim, if one is not. `settlesRefund`: the
 * writer has the proof REFUND_SETTLED needs (a larger refunded total).
 */
export function assertMove(from: AttemptStatus, to: AttemptStatus, settlesRefund = false): void {
  const settling = settlesRefund && from === REFUND_SETTLED.from && to === REFUND_SETTLED.to;
  if (!settling && !canMove(from, to))
    throw new Error(`payment state machine: no move from ${from} to ${to}`);
}

/**
 * How far along a status is, derived from the table: statuses that can reach each other share a stage,
 * and a stage's rank is the longest chain of stages that leads to it.
 */
function deriveRank(): Readonly<Record<AttemptStatus, number>> {
  const reach = new Map<AttemptStatus, Set<AttemptStatus>>();
  for (const status of ATTEMPT_STATUSES) reach.set(status, new Set(ATTEMPT_MACHINE[status].to));
  // Transitive closure (15 statuses: cheap, once at load).
  for (const middle of ATTEMPT_STATUSES)
    for (const from of ATTEMPT_STATUSES) {
      const fromReach = reach.get(from);
      if (fromReach?.has(middle)) for (const next of reach.get(middle) ?? []) fromReach.add(next);
    }
  const reaches = (from: AttemptStatus, to: AttemptStatus) => reach.get(from)?.has(to) === true;
  const rank = new Map<AttemptStatus, number>();
  const rankOf = (status: AttemptStatus): number => {
    const known = rank.get(status);
    if (known !== undefined) return known;
    let highest = 0;
    for (const before of ATTEMPT_STATUSES) {
      const strictlyBefore = reaches(before, status) && !reaches(status, before);
      if (strictlyBefore) highest = Math.max(highest, rankOf(before) + 1);
    }
    rank.set(status, highest);
    return highest;
  };
  return Object.fromEntries(ATTEMPT_STATUSES.map((status) => [status, rankOf(status)])) as Record<
    AttemptStatus,
    number
  >;
}

export const ATTEMPT_RANK = deriveRank();

function statusesWhere(fact: keyof Omit<StatusFacts, 'to'>): readonly AttemptStatus[] {
  return ATTEMPT_STATUSES.filter((status) => ATTEMPT_MACHINE[status][fact]);
}

/** Reconciliation keeps following these (the gateway may still move them). */
export const FOLLOWED_STATUSES: ReadonlySet<AttemptStatus> = new Set(statusesWhere('followed'));
/** While an attempt holds one of these, no other attempt starts on the session (no double charge). */
export const PAYABLE_STATUSES: readonly AttemptStatus[] = statusesWhere('payable');
/**
 * May still take money: the payable statuses and a withdrawn PIX code (its bank may still pay it). A session
 * does not expire while one exists, so the merchant never hears "expired" then "completed" (decision 103).
 */
export const MAY_TAKE_MONEY_STATUSES: readonly AttemptStatus[] = ATTEMPT_STATUSES.filter(
  (status) => ATTEMPT_MACHINE[status].payable || status === 'withdrawn',
);
/** Ours, unresolved: settled (gateway list, grace period) before a new attempt may start. */
export const BLOCKING_STATUSES: readonly AttemptStatus[] = statusesWhere('blocking');
/** Moving by themselves: a reload asks the gateway again (throttled). */
export const MOVING_STATUSES: ReadonlySet<AttemptStatus> = new Set(statusesWhere('moving'));
/** The money is taken (or was): `captured_amount` is the gateway's paid amount. */
export const CAPTURED_STATUSES: ReadonlySet<AttemptStatus> = new Set(statusesWhere('captured'));
/** The money is taken or reserved: the session completes. */
export const COMPLETING_STATUSES: ReadonlySet<AttemptStatus> = new Set(statusesWhere('completing'));

/** Names of our statuses for the code that writes them. */
export const ATTEMPT = {
  /** Recorded, the request is on the wire. Blocks a second attempt on the session. */
  sending: 'sending',
  /** The gateway may have acted (time-out, 5xx, unreadable answer); being resolved. Blocks new attempts. */
  unknown: 'unknown',
  /** The gateway said 400: nothing was created. */
  rejected: 'rejected',
  /** Nothing reached the gateway (connection refused) or it refused our credentials: nothing was created. */
  failed: 'failed',
  /** Unknown, and no matching transaction appeared within the grace period: the shopper may pay again. */
  failedUnknown: 'failed_unknown',
  /** A PIX code the shopper gave up for a card: still followed, no longer payable. */
  withdrawn: 'withdrawn',
} as const satisfies Record<string, AttemptStatus>;

/* ---------------------------------------------------------------- sessions */

export const SESSION_MACHINE = {
  open: ['complete', 'expired'],
  complete: [],
  /** A payment that lands after expiry (a PIX paid at the last second) still completes its session. */
  expired: ['complete'],
} as const satisfies Record<(typeof SESSION_STATUSES)[number], readonly string[]>;
export type SessionStatus = keyof typeof SESSION_MACHINE;
export const SESSION_STATUS_LIST = Object.keys(SESSION_MACHINE) as SessionStatus[];

export function canMoveSession(from: SessionStatus, to: SessionStatus): boolean {
  return (SESSION_MACHINE[from] as readonly SessionStatus[]).includes(to);
}

/** Statuses a session may move to `to` from (the guard of the one statement that moves it). */
export function sessionStatusesBefore(to: SessionStatus): SessionStatus[] {
  return SESSION_STATUS_LIST.filter((from) => canMoveSession(from, to));
}

/* ---------------------------------------------------------------- events */

export interface PaymentFacts {
  status: AttemptStatus;
  paymentMethod: string;
  capturedAmount: number;
  refundedAmount: number;
}

const BLOCKING: ReadonlySet<AttemptStatus> = new Set(BLOCKING_STATUSES);

/**
 * An open PIX code or boleto the gateway ends is an expiry (decision 013; a boleto after its due date,
 * docs/decisions/231-boleto-lifecycle.md); anything else canceled is a failed payment.
 */
function canceledEvent(before: AttemptStatus, paymentMethod: string): PaymentEventType {
  if (paymentMethod === 'pix' && before === 'waiting_payment') return 'pix.expired';
  if (paymentMethod === 'boleto' && (before === 'waiting_payment' || before === 'withdrawn'))
    return 'boleto.expired';
  return 'payment.failed';
}

/** Which merchant events a change from `before` to `after` means (names: contract/merchant-events.ts). */
export function paymentEventTypes(before: PaymentFacts, after: PaymentFacts): PaymentEventType[] {
  const types: PaymentEventType[] = [];
  const changed = before.status !== after.status;
  // A boleto issued: the shopper holds its line and PDF; the money comes days later, if at all.
  if (
    changed &&
    after.status === 'waiting_payment' &&
    after.paymentMethod === 'boleto' &&
    BLOCKING.has(before.status)
  )
    types.push('boleto.created');
  // A PIX code issued: the shopper's receipt carries it (issue 42); paid or expired, another event follows.
  if (
    changed &&
    after.status === 'waiting_payment' &&
    after.paymentMethod === 'pix' &&
    BLOCKING.has(before.status)
  )
    types.push('pix.created');
  if (changed && after.status === 'authorized') types.push('payment.authorized');
  if (changed && CAPTURED_STATUSES.has(after.status) && !CAPTURED_STATUSES.has(before.status)) {
    if (before.status === 'authorized') types.push('payment.captured');
    types.push('payment.succeeded');
  }
  if (changed && (after.status === 'refused' || after.status === 'failed')) types.push('payment.failed');
  if (changed && after.status === 'canceled') types.push(canceledEvent(before.status, after.paymentMethod));
  if (after.refundedAmount > before.refundedAmount) types.push('payment.refunded');
  return types;
}

/** What the gateway's transaction says was captured (the gateway's word, not our sums). */
export function capturedAmountOf(
  status: AttemptStatus,
  paidAmount: number | null | undefined,
  amount: number,
): number {
  if (!CAPTURED_STATUSES.has(status)) return 0;
  return paidAmount ?? amount;
}
