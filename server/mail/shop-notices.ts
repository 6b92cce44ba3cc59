import type { ConsoleUserRow } from '../db/rows.ts';
import { random128 } from '../platform/random-id.ts';
import { currentShop } from '../shop/current-shop.ts';
import { ENVIRONMENT_ENDPOINT_ID } from '../webhook-endpoints/endpoint-ids.ts';
import { mailAddress } from './mail-address.ts';
import { noticesOf, type NoticeKind } from './mail-kinds.ts';
import type { MailShop } from './mail-layout.ts';
import { MAIL } from './mail-machine.ts';
import { NOTICES_PER_HOUR, shopOf, unsubscribeUrl, type MailQueueDeps } from './mail-queue.ts';
import { ensureNoticesToken, insertMails, mailsToRecipientSince, noticeUsers } from './mail-repository.ts';
import { renderNotice } from './notice-render.ts';
import { lastEndedShopDay } from './shop-day.ts';
import {
  endpointsFailingSince,
  heldNoticesOf,
  paidByMethod,
  queuedKeys,
  refundsBetween,
  type FailingEndpoint,
} from './shop-notice-repository.ts';
import { renderDailySummary } from './summary-render.ts';
import type { StoredMail } from '../db/rows.ts';

/** Deliveries failing this long (the endpoint's circuit open) before its users hear of it. */
export const ENDPOINT_FAILING_NOTICE_AFTER_MS = 3_600_000;

/**
 * The two notices no payment carries (issue 42 item 5), queued by a job rather than from an outbox event:
 *
 * - `endpoint_failing`: once per endpoint and outage, when its circuit (decision 310) has been open an hour. The
 *   outage is the circuit's `opened_at`: a circuit that closes and opens again is a new outage, a new notice.
 * - `daily_summary`: once per shop day (SHOP_TIME_ZONE) and user, after the day has ended: its payments, gross,
 *   refunds and what each method took, and the notices the hourly limit held.
 *
 * Each mail's idempotency key — `endpoint_failing/{endpoint}/{opened_at}/{user}`, `daily_summary/{day}/{user}` —
 * is its claim: the unique key lets exactly one insert through, whichever instance runs the job, however often
 * (docs/decisions/331-notices-without-an-event.md). Keys already queued are looked up first, so a pass with
 * nothing new computes nothing. Answers how many mails it queued.
 */
export async function queueShopNoticesOnce(deps: MailQueueDeps): Promise<number> {
  const now = deps.now();
  const users = (await noticeUsers(deps.db)).filter((user) => mailAddress(user.email) !== null);
  const wanting = (kind: NoticeKind) => users.filter((user) => noticesOf(user).includes(kind));
  const failingUsers = wanting('endpoint_failing');
  const summaryUsers = wanting('daily_summary');
  if (failingUsers.length + summaryUsers.length === 0) return 0;
  let queued = 0;
  if (failingUsers.length > 0) queued += await queueEndpointFailing(deps, now, failingUsers);
  if (summaryUsers.length > 0) queued += await queueDailySummaries(deps, now, summaryUsers);
  return queued;
}

interface PlannedNotice {
  key: string;
  eventId: string;
  kind: NoticeKind;
  user: ConsoleUserRow;
  /** Held past the hourly limit (the daily summary, which stands for held notices, never is). */
  limited: boolean;
  render: (shop: MailShop, unsubscribe: string) => StoredMail;
}

/** Inserts the notices not yet queued, each under its key, in one transaction. */
async function insertNotices(deps: MailQueueDeps, now: Date, planned: PlannedNotice[]): Promise<number> {
  const known = await queuedKeys(
    deps.db,
    planned.map((notice) => notice.key),
  );
  const fresh = planned.filter((notice) => !known.has(notice.key));
  if (fresh.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const shop = shopOf(await currentShop({ db: tx, shopDefaults: deps.mail.shop }));
    let queued = 0;
    for (const notice of fresh) {
      const recipient = mailAddress(notice.user.email);
      if (!recipient) continue;
      const token = notice.user.noticesToken ?? (await ensureNoticesToken(tx, notice.user.id, random128()));
      notice.user.noticesToken = token;
      const recent = notice.limited
        ? await mailsToRecipientSince(tx, recipient, new Date(now.getTime() - 3_600_000))
        : 0;
      queued += await insertMails(tx, [
        {
          id: `mail_${random128()}`,
          idempotencyKey: notice.key,
          dedupeKey: null,
          eventId: notice.eventId,
          sessionId: null,
          attemptId: null,
          kind: `notice_${notice.kind}`,
          recipient,
          userId: notice.user.id,
          locale: 'en',
          message: notice.render(shop, unsubscribeUrl(deps.publicUrl, notice.user, token, notice.kind)),
          status: recent >= NOTICES_PER_HOUR ? MAIL.held : MAIL.pending,
          attempts: 0,
          nextAttemptAt: now,
          queuedAt: now,
          createdAt: now,
          updatedAt: now,
        },
      ]);
    }
    return queued;
  });
}

/** The endpoint as a notice names it: its origin and path (a query string may hold the merchant's token). */
function endpointName(endpoint: FailingEndpoint): string {
  if (endpoint.url === null) return 'The environment’s endpoint (MERCHANT_WEBHOOK_URL)';
  try {
    const url = new URL(endpoint.url);
    return `${url.origin}${url.pathname}`;
  } catch {
    return endpoint.endpointKey;
  }
}

async function queueEndpointFailing(
  deps: MailQueueDeps,
  now: Date,
  users: ConsoleUserRow[],
): Promise<number> {
  const failing = await endpointsFailingSince(
    deps.db,
    new Date(now.getTime() - ENDPOINT_FAILING_NOTICE_AFTER_MS),
    ENVIRONMENT_ENDPOINT_ID,
  );
  const planned = failing.flatMap((endpoint) => {
    const outage = `${endpoint.endpointKey}/${endpoint.openedAt.toISOString()}`;
    return users.map((user): PlannedNotice => ({
      key: `endpoint_failing/${outage}/${user.id}`,
      eventId: `endpoint_failing/${outage}`,
      kind: 'endpoint_failing',
      user,
      limited: true,
      render: (shop, unsubscribe) =>
        renderNotice({
          kind: 'endpoint_failing',
          shop,
          timeZone: deps.mail.timeZone,
          at: endpoint.openedAt,
          reference: endpoint.endpointKey,
          amount: 0,
          method: '',
          payer: null,
          consoleUrl: `${deps.publicUrl}/console/developers`,
          unsubscribeUrl: unsubscribe,
          detail: endpointName(endpoint),
        }),
    }));
  });
  return planned.length === 0 ? 0 : insertNotices(deps, now, planned);
}

async function queueDailySummaries(deps: MailQueueDeps, now: Date, users: ConsoleUserRow[]): Promise<number> {
  const { day, start, end } = lastEndedShopDay(now, deps.mail.timeZone);
  const keyOf = (user: ConsoleUserRow) => `daily_summary/${day}/${user.id}`;
  const known = await queuedKeys(deps.db, users.map(keyOf));
  const due = users.filter((user) => !known.has(keyOf(user)));
  if (due.length === 0) return 0;
  const [byMethod, refunds] = await Promise.all([
    paidByMethod(deps.db, start, end),
    refundsBetween(deps.db, start, end),
  ]);
  const planned: PlannedNotice[] = [];
  for (const user of due) {
    const held = await heldNoticesOf(deps.db, user.id, start, end);
    planned.push({
      key: keyOf(user),
      eventId: `daily_summary/${day}`,
      kind: 'daily_summary',
      user,
      limited: false,
      render: (shop, unsubscribe) =>
        renderDailySummary({
          shop,
          day,
          timeZone: deps.mail.timeZone,
          byMethod,
          refunds,
          held,
          consoleUrl: `${deps.publicUrl}/console`,
          unsubscribeUrl: unsubscribe,
        }),
    });
  }
  return insertNotices(deps, now, planned);
}
