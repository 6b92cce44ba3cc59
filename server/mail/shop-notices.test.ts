import { beforeAll, describe, expect, it } from 'vitest';
import { recordCircuitOutcome, type CircuitRule } from '../events/circuit-repository.ts';
import { webhookEndpoints } from '../db/schema.ts';
import { createLogger } from '../platform/logger.ts';
import { createConsoleUser } from '../test/console-helpers.ts';
import { attemptOf } from '../test/lifecycle-helpers.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import type { SmtpInbox } from '../test/smtp-inbox.ts';
import { suiteApp } from '../test/suite-app.ts';
import { mailSuite } from '../test/mail-suite.ts';
import { call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { ENVIRONMENT_ENDPOINT_ID } from '../webhook-endpoints/endpoint-ids.ts';
import { queueMailsOnce } from './mail-queue.ts';
import { setUserNotices } from './mail-repository.ts';
import type { MailService } from './mail-service.ts';
import { sendMailsOnce } from './mail-worker.ts';
import { localMidnight, lastEndedShopDay } from './shop-day.ts';
import { queueShopNoticesOnce } from './shop-notices.ts';

/**
 * Issue 42 item 5: the notices no payment carries — an endpoint failing for an hour (once per outage) and the
 * daily summary (once per shop day and user, after the day ends) — each queued exactly once however many
 * instances run the job, on an injected clock.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZONE = 'America/Sao_Paulo';
const OWNER = 'owner@loja-exemplo.test';
const ACCOUNTANT = 'contas@loja-exemplo.test';

describe('the shop day', () => {
  it('is the last whole local day, midnight to midnight, in the shop’s time zone', () => {
    // 02:30 UTC on 28 Nov is still 27 Nov in São Paulo (UTC−3): the last ended day is the 26th.
    expect(lastEndedShopDay(new Date('2026-11-28T02:30:00Z'), ZONE)).toEqual({
      day: '2026-11-26',
      start: new Date('2026-11-26T03:00:00Z'),
      end: new Date('2026-11-27T03:00:00Z'),
    });
    // A daylight-saving change: New York's 8 March 2026 has 23 hours.
    const spring = lastEndedShopDay(new Date('2026-03-09T12:00:00Z'), 'America/New_York');
    expect(spring.day).toBe('2026-03-08');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    expect(localMidnight('2026-03-08', 'America/New_York')).toEqual(new Date('2026-03-08T05:00:00Z'));
  });
});

describe.each(BOTH_DRIVERS)('notices without an event (%s)', (driver) => {
  let database: TestDatabase, t: TestApp;
  let inbox: SmtpInbox;
  let mail: MailService;
  suiteApp(driver, {}, (s) => ({ database, t } = s));
  const mails = mailSuite();
  beforeAll(() => {
    inbox = mails.inbox;
    mail = mails.service({ MAIL_FROM: 'Loja Exemplo <avisos@loja-exemplo.test>', SHOP_TIME_ZONE: ZONE });
  });

  const log = createLogger('silent');
  /** One pass of the job as `instances` instances would run it at `at`; answers what they queued in all. */
  async function noticesAt(at: Date, instances = 1): Promise<number> {
    const deps = { db: database.db, mail, publicUrl: t.deps.publicUrl, now: () => at };
    const counts = await Promise.all(Array.from({ length: instances }, () => queueShopNoticesOnce(deps)));
    return counts.reduce((sum, count) => sum + count, 0);
  }
  async function send(at: Date): Promise<void> {
    for (let pass = 0; pass < 10; pass += 1) {
      const sent = await sendMailsOnce({ db: database.db, log, mail, now: () => at });
      if (sent.claimed === 0) return;
    }
  }

  const rule = (key: string): CircuitRule => ({ key, failuresToOpen: 5, probeIntervalMs: 10_000 });
  async function failFiveTimes(key: string, from: Date): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1)
      await recordCircuitOutcome(database.db, rule(key), false, new Date(from.getTime() + attempt * 1_000));
  }

  it('an endpoint failing for an hour: one notice per outage and user, not repeated until it recovers and fails again', async () => {
    await createConsoleUser(database.db, OWNER, 'owner');
    const staff = await createConsoleUser(database.db, ACCOUNTANT, 'staff');
    await setUserNotices(database.db, staff, ['endpoint_failing'], new Date());
    await database.db.insert(webhookEndpoints).values([
      {
        id: 'we_registered',
        url: 'https://hooks.loja-exemplo.test/pagamentos?token=s3cr3t',
        eventTypes: ['*'],
        enabled: true,
        secret: 'whsec_x',
      },
      { id: 'we_off', url: 'https://off.example/hook', eventTypes: ['*'], enabled: false, secret: 'whsec_y' },
    ]);
    const start = new Date('2026-11-20T12:00:00Z');
    await failFiveTimes('we_registered', start);
    await failFiveTimes('we_off', start);
    const opened = new Date(start.getTime() + 4_000);

    // Failing, but not for an hour yet.
    expect(await noticesAt(new Date(opened.getTime() + 59 * MINUTE))).toBe(0);
    // An hour: three instances at once queue one notice for each of the two users; the disabled endpoint none.
    expect(await noticesAt(new Date(opened.getTime() + HOUR), 3)).toBe(2);
    // Still failing later: nothing more.
    expect(await noticesAt(new Date(opened.getTime() + 3 * HOUR), 2)).toBe(0);
    await send(new Date(opened.getTime() + 3 * HOUR));
    expect(inbox.received.map((received) => received.envelopeTo[0]).sort()).toEqual([ACCOUNTANT, OWNER]);
    const [first] = inbox.received;
    expect(first?.parsed.subject).toBe('Events are not reaching your endpoint');
    const text = first?.parsed.text ?? '';
    expect(text).toContain('https://hooks.loja-exemplo.test/pagamentos');
    // The URL's query may hold the merchant's token: never mailed.
    expect(text).not.toContain('s3cr3t');
    expect(text).toContain('https://checkout.test/console/developers');
    // One-click unsubscribe (RFC 8058), as every notice.
    expect(first?.raw.replace(/\r\n[ \t]+/g, ' ')).toMatch(
      /^List-Unsubscribe: <https:\/\/checkout\.test\/api\/mail\/unsubscribe\?[^>]+k=endpoint_failing[^>]*>$/m,
    );

    // It recovers, then fails again: a new outage, a new notice an hour later.
    await recordCircuitOutcome(
      database.db,
      rule('we_registered'),
      true,
      new Date(opened.getTime() + 4 * HOUR),
    );
    const again = new Date(opened.getTime() + 5 * HOUR);
    await failFiveTimes('we_registered', again);
    expect(await noticesAt(new Date(again.getTime() + 30 * MINUTE))).toBe(0);
    expect(await noticesAt(new Date(again.getTime() + 2 * HOUR), 2)).toBe(2);

    // The environment's endpoint (MERCHANT_WEBHOOK_URL) is named as such.
    inbox.reset();
    await failFiveTimes(ENVIRONMENT_ENDPOINT_ID, again);
    expect(await noticesAt(new Date(again.getTime() + 2 * HOUR))).toBe(2);
    await send(new Date(again.getTime() + 2 * HOUR));
    expect(inbox.received.filter((m) => (m.parsed.text ?? '').includes('MERCHANT_WEBHOOK_URL'))).toHaveLength(
      2,
    );
  });

  it('the daily summary: once per shop day and subscribed user, after the day ends, with the day’s totals', async () => {
    const owner = await createConsoleUser(database.db, OWNER, 'owner');
    const staff = await createConsoleUser(database.db, ACCOUNTANT, 'staff');
    await setUserNotices(database.db, staff, ['daily_summary'], new Date());
    await setUserNotices(database.db, owner, ['sale', 'daily_summary'], new Date());
    await createConsoleUser(database.db, 'viewer@loja-exemplo.test', 'viewer');

    // Two card payments today (R$ 165,90 each), one refunded in part (R$ 50,00).
    for (const reference of ['day-1', 'day-2']) {
      const { id } = await createTestSession(t.app, { reference });
      const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    }
    const session = await createTestSession(t.app, { reference: 'day-3' });
    expect(
      (await call(t.app, 'POST', `/api/pay/${session.id}/v1/transactions`, { body: cardPayment() })).status,
    ).toBe(200);
    const attempt = await attemptOf(database.db, session.id);
    const refunded = await call(t.app, 'POST', `/api/v1/payments/${attempt.id}/refund`, {
      key: TEST_KEY,
      body: { amount: 5_000 },
      headers: { 'idempotency-key': 'summary-refund' },
    });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    // The sale notices are the payments' own (the mail queue's); not what this test counts.
    await queueMailsOnce({ db: database.db, mail, publicUrl: t.deps.publicUrl, now: t.deps.now });

    // The shop's day of the payments (São Paulo), and the moments around its end.
    const paidAt = (await attemptOf(database.db, session.id)).paidAt ?? new Date();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(paidAt);
    const next = new Date(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
    const dayEnds = localMidnight(next, ZONE);

    // Before the day ends, the summary due is the day before's (nothing that day), not this one's.
    expect(await noticesAt(new Date(dayEnds.getTime() - MINUTE), 2)).toBe(2);
    // After it ends: one summary of the day for each of the two subscribed users, however many instances.
    expect(await noticesAt(new Date(dayEnds.getTime() + MINUTE), 3)).toBe(2);
    expect(await noticesAt(new Date(dayEnds.getTime() + 5 * HOUR), 2)).toBe(0);

    inbox.reset();
    await send(new Date(dayEnds.getTime() + 5 * HOUR));
    const summaries = inbox.received.filter((m) => m.parsed.subject?.startsWith(`Daily summary ${day}`));
    expect(summaries.map((m) => m.envelopeTo[0]).sort()).toEqual([ACCOUNTANT, OWNER]);
    const text = summaries[0]?.parsed.text ?? '';
    expect(summaries[0]?.parsed.subject).toMatch(/^Daily summary \d{4}-\d{2}-\d{2}: 3 · R\$497\.70$/);
    expect(text).toContain('Payments: 3');
    expect(text).toContain('Card: 3 · R$497.70');
    expect(text).toContain('Refunds: 1 · R$50.00');
    expect(text).toContain('Net: R$447.70');
    expect(text).toContain(`(${ZONE})`);
    expect(text).toContain('Stop these e-mails: https://checkout.test/api/mail/unsubscribe?');
    // The day before's: zero, but sent (a quiet day is news too).
    const before = inbox.received.filter(
      (m) =>
        m.parsed.subject?.startsWith('Daily summary') && !m.parsed.subject.startsWith(`Daily summary ${day}`),
    );
    expect(before.map((m) => m.parsed.subject?.replace(/^Daily summary \S+/, ''))).toEqual([
      ' 0 · R$0.00',
      ' 0 · R$0.00',
    ]);
  });
});
