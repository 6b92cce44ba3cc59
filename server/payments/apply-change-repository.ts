import type { Database } from '../db/database.ts';
import { queryOnCheckoutLane, sqlParam, type SqlParamType } from '../db/query-rows.ts';
import type { PaymentAttemptRow } from '../db/rows.ts';
import { sqlStatusList } from '../db/status-sql.ts';
import { assertMove, isAttemptStatus, sessionStatusesBefore, type AttemptStatus } from './state-machine.ts';

/**
 * The statement that records a gateway answer (record-transaction.ts `applyChange`) as constant text with
 * positional parameters, one text per shape: building it with drizzle on every payment cost about a sixth
 * of the server's CPU per payment (docs/decisions/146-constant-text-for-the-answer.md). The text is the one
 * drizzle used to build from `attemptMoveSql`, the session's completion, the payment link's counter and
 * `outboxInsertSql`; the payment, link, saved-card and card-after-PIX server tests read the rows it writes. It
 * answers `link_completed` when the payment used its link up: the caller then announces it
 * (payment-links/complete-links.ts).
 *
 * Statuses are inlined only as constants of the state machine (never values from a request), so the text
 * still does not vary with the values and stays prepared.
 */
export interface ChangeShape {
  /** A history row is written (the status or an amount moved). */
  history: boolean;
  /** The session completes (paid or authorised), if it is not complete yet. */
  completion: boolean;
  /** The session came from a payment link: its counter moves with the completion. */
  link: boolean;
  /** The card is saved for the session's customer. */
  saved: boolean;
  /** Payment events to announce (their rows come from one JSON parameter). */
  events: boolean;
  /** The change was planned before the gateway named a transaction. */
  noTransactionYet: boolean;
}

export interface ChangeValues {
  attemptId: string;
  sessionId: string;
  from: AttemptStatus;
  to: AttemptStatus;
  source: string;
  at: Date;
  /** The columns written with the status, as the attempt row holds them after the change. */
  row: AnswerColumns;
  /** What the attempt must still hold (the change was planned from it). */
  before: { transactionId: number | null; capturedAmount: number; refundedAmount: number };
  detail: Record<string, unknown>;
  settlesRefund: boolean;
  paymentLinkId: string | null | undefined;
  savedCard?: {
    customer: string;
    cardId: number | null;
    brand: string | null;
    firstDigits: string | null;
    lastDigits: string | null;
    holderName: string | null;
  };
  /** `eventRowsSql`'s JSON: the payment events, and the completion event. */
  eventsJson: string;
  completionJson: string;
}

/**
 * The attempt's columns the answer writes besides its status and `updated_at`, with their SQL names and
 * types (jsonb and timestamps go as text). `AnswerColumns` is derived from it: a column the answer must write
 * is one line here.
 */
const ANSWER_COLUMNS = {
  gatewayStatus: ['gateway_status', 'text'],
  transactionId: ['transaction_id', 'bigint'],
  gatewayResponse: ['gateway_response', 'jsonb'],
  checkedAt: ['checked_at', 'timestamptz'],
  authorizedAmount: ['authorized_amount', 'int'],
  authorizedAt: ['authorized_at', 'timestamptz'],
  captureDeadlineAt: ['capture_deadline_at', 'timestamptz'],
  capturedAmount: ['captured_amount', 'int'],
  refundedAmount: ['refunded_amount', 'int'],
  paidAt: ['paid_at', 'timestamptz'],
  cardLast4: ['card_last4', 'text'],
  cardBrand: ['card_brand', 'text'],
  payerName: ['payer_name', 'text'],
  payerEmail: ['payer_email', 'text'],
  gatewayRefId: ['gateway_ref_id', 'text'],
  customerDocument: ['customer_document', 'text'],
  nextCheckAt: ['next_check_at', 'timestamptz'],
} as const satisfies Partial<Record<keyof PaymentAttemptRow, readonly [string, SqlParamType]>>;

export type AnswerColumns = Pick<PaymentAttemptRow, keyof typeof ANSWER_COLUMNS>;

type AnswerColumn = keyof AnswerColumns;
const ANSWER_COLUMN_KEYS = Object.keys(ANSWER_COLUMNS) as AnswerColumn[];

const texts = new Map<string, { text: string; order: readonly Slot[] }>();

/** The parameters a text takes, by name, in the order of their `$n`. */
type Slot =
  | AnswerColumn
  | 'to'
  | 'at'
  | 'attemptId'
  | 'from'
  | 'beforeTransactionId'
  | 'beforeCaptured'
  | 'beforeRefunded'
  | 'source'
  | 'detail'
  | 'sessionId'
  | 'paymentLinkId'
  | 'savedCustomer'
  | 'savedCardId'
  | 'savedBrand'
  | 'savedFirst'
  | 'savedLast'
  | 'savedHolder'
  | 'eventsJson'
  | 'completionJson';

function shapeKey(shape: ChangeShape): string {
  return `${+shape.history}${+shape.completion}${+shape.link}${+shape.saved}${+shape.events}${+shape.noTransactionYet}`;
}

function buildText(shape: ChangeShape): { text: string; order: Slot[] } {
  const order: Slot[] = [];
  const p = (slot: Slot) => {
    const index = order.indexOf(slot);
    if (index >= 0) return `$${index + 1}`;
    order.push(slot);
    return `$${order.length}`;
  };
  const at = () => `${p('at')}::timestamptz`;
  const outbox = (
    rows: string,
  ) => `insert into outbox_events (id, type, session_id, attempt_id, payload, status, next_attempt_at, created_at)
    select e.id, e.type, e.session_id, e.attempt_id, e.payload, ${sqlStatusList(['pending'])}, ${at()}, ${at()}
    from (${rows}) e
    returning id`;
  const eventRows = (
    slot: 'eventsJson' | 'completionJson',
    after: string,
  ) => `select r.id, r.type, r.session_id, r.attempt_id, r.payload
    from ${after} cross join jsonb_to_recordset(${p(slot)}::jsonb)
      as r(id text, type text, session_id text, attempt_id text, payload jsonb)`;

  const columns = ANSWER_COLUMN_KEYS.map(
    (key) => `${ANSWER_COLUMNS[key][0]} = ${p(key)}::${ANSWER_COLUMNS[key][1]}`,
  ).join(', ');
  const updated = `updated as (update payment_attempts set ${columns},
      status = ${p('to')}::text, updated_at = ${at()}
    where id = ${p('attemptId')}::text and status = ${p('from')}::text
      and ${shape.noTransactionYet ? 'transaction_id is null' : `transaction_id = ${p('beforeTransactionId')}::bigint`}
      and captured_amount = ${p('beforeCaptured')}::int and refunded_amount = ${p('beforeRefunded')}::int
    returning id)`;
  const history = shape.history
    ? `, history as (
        insert into payment_events (attempt_id, from_status, to_status, source, detail, created_at)
        select updated.id, ${p('from')}::text, ${p('to')}::text, ${p('source')}::text, ${p('detail')}::jsonb, ${at()}
        from updated
        returning id
      )`
    : '';
  const completeFrom = sqlStatusList(sessionStatusesBefore('complete'));
  // A link's session completes only while the link has a slot left: a PIX code paid after its hold, once
  // the link's slots were paid for by others, takes money without completing anything and is refunded
  // (docs/decisions/286-link-state-at-payment-begin.md). The link's row is locked first, so of two such
  // payments recorded at once the second reads the count the first wrote.
  const linkOpen =
    shape.completion && shape.link
      ? `, link_open as (
      select id from payment_links
      where id = ${p('paymentLinkId')}::text and (max_payments is null or payments_count < max_payments)
      for update
    )`
      : '';
  const completed = shape.completion
    ? `update checkout_sessions set status = ${sqlStatusList(['complete'])}, updated_at = ${at()}, paid_attempt_id = ${p('attemptId')}::text
        where id = ${p('sessionId')}::text and status in (${completeFrom}) and exists (select 1 from updated)
          ${shape.link ? 'and exists (select 1 from link_open)' : ''}
        returning id`
    : 'select null::text as id where false';
  // The link's counter (and `updated_at`: its object changed). `payment_link.completed` is not built here:
  // `completed_at` flags it, and the caller has it written from the link as the API shows it (decision 289).
  const linkCounted = shape.completion && shape.link;
  const link = linkCounted
    ? `, link_counted as (
      update payment_links
      set payments_count = payments_count + 1, updated_at = ${at()},
          completed_at = case
            when max_payments is not null and payments_count + 1 >= max_payments and completed_at is null
            then ${at()} else completed_at end
      where id = ${p('paymentLinkId')}::text and exists (select 1 from completed)
      returning max_payments, payments_count
    )`
    : '';
  const saved = shape.saved
    ? `, saved as (
        insert into saved_cards
          (customer_external_id, card_id, brand, first_digits, last_digits, holder_name, session_id, created_at)
        select ${p('savedCustomer')}::text, ${p('savedCardId')}::bigint, ${p('savedBrand')}::text, ${p('savedFirst')}::text,
               ${p('savedLast')}::text, ${p('savedHolder')}::text, ${p('sessionId')}::text, ${at()}
        from updated
        on conflict do nothing
        returning card_id
      )`
    : '';
  const announced = shape.events ? `, announced as (${outbox(eventRows('eventsJson', 'updated'))})` : '';
  const completion = shape.completion
    ? `, completion as (${outbox(eventRows('completionJson', 'completed'))})`
    : '';
  const text = `with ${updated}${history}${linkOpen}
      , completed as (${completed})
      ${link}
      ${saved}
      ${announced}
      ${completion}
      select count(*)::int as updated, (select count(*) from completed)::int as completed,
        ${linkCounted ? '(select count(*) from link_counted where max_payments is not null and payments_count = max_payments)' : '0'}::int as link_completed
      from updated`;
  return { text, order };
}

/** The statement and its parameters for one change (the state machine is asked first, as `attemptMoveSql` does). */
function applyChangeQuery(shape: ChangeShape, values: ChangeValues): { text: string; params: unknown[] } {
  assertMove(values.from, values.to, values.settlesRefund);
  if (!isAttemptStatus(values.from) || !isAttemptStatus(values.to)) {
    throw new Error(`apply-change: unknown status ${values.from} → ${values.to}`);
  }
  const key = shapeKey(shape);
  let built = texts.get(key);
  if (built === undefined) {
    built = buildText(shape);
    texts.set(key, built);
  }
  const { row, before, savedCard: card } = values;
  const slot = (name: Slot): unknown => {
    if (name in ANSWER_COLUMNS) {
      const column = name as AnswerColumn;
      return sqlParam(row[column], ANSWER_COLUMNS[column][1]);
    }
    switch (name as Exclude<Slot, AnswerColumn>) {
      case 'to':
        return values.to;
      case 'at':
        return values.at.toISOString();
      case 'attemptId':
        return values.attemptId;
      case 'from':
        return values.from;
      case 'beforeTransactionId':
        return before.transactionId;
      case 'beforeCaptured':
        return before.capturedAmount;
      case 'beforeRefunded':
        return before.refundedAmount;
      case 'source':
        return values.source;
      case 'detail':
        return JSON.stringify(values.detail);
      case 'sessionId':
        return values.sessionId;
      case 'paymentLinkId':
        return values.paymentLinkId ?? null;
      case 'savedCustomer':
        return card?.customer ?? null;
      case 'savedCardId':
        return card?.cardId ?? null;
      case 'savedBrand':
        return card?.brand ?? null;
      case 'savedFirst':
        return card?.firstDigits ?? null;
      case 'savedLast':
        return card?.lastDigits ?? null;
      case 'savedHolder':
        return card?.holderName ?? null;
      case 'eventsJson':
        return values.eventsJson;
      case 'completionJson':
        return values.completionJson;
    }
  };
  return { text: built.text, params: built.order.map(slot) };
}

/** What the change's statement did: the attempt updated, its session completed, its link used up (0 or 1 each). */
export interface ChangeCounts {
  updated: number;
  completed: number;
  linkCompleted: number;
}

/** Runs one change's statement on the checkout lane (in a transaction, on its connection). */
export async function runChangeStatement(
  db: Database,
  shape: ChangeShape,
  values: ChangeValues,
): Promise<ChangeCounts> {
  const { text, params } = applyChangeQuery(shape, values);
  const [row] = await queryOnCheckoutLane(db, text, params);
  return {
    updated: Number(row?.updated),
    completed: Number(row?.completed),
    linkCompleted: Number(row?.link_completed),
  };
}
