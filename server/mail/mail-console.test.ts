import { beforeEach, describe, expect, it } from 'vitest';
import { consolePaymentMailsSchema, noticeSettingsSchema } from '../../contract/console/console-mails.ts';
import { mailSends } from '../db/schema.ts';
import { createLogger } from '../platform/logger.ts';
import { createConsoleUser, logInAs } from '../test/console-helpers.ts';
import { attemptOf } from '../test/lifecycle-helpers.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import type { SmtpInbox } from '../test/smtp-inbox.ts';
import { suiteApp } from '../test/suite-app.ts';
import { mailSuite } from '../test/mail-suite.ts';
import { call, createTestSession, type TestApp } from '../test/test-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { queueMailsOnce } from './mail-queue.ts';
import { createMailService } from './mail-service.ts';
import { sendMailsOnce } from './mail-worker.ts';

describe.each(DRIVERS)(
  'mail in the console: a payment’s mails, resend, notices and unsubscribe (%s)',
  (driver) => {
    let database: TestDatabase, t: TestApp;
    let inbox: SmtpInbox;
    suiteApp(driver, {}, (s) => ({ database, t } = s));
    const mails = mailSuite();
    beforeEach(() => {
      inbox = mails.inbox;
      t.deps.mail = mails.service({ MAIL_FROM: 'recibos@loja-exemplo.test' });
    });

    async function drain(): Promise<void> {
      const mail = t.deps.mail;
      if (!mail) throw new Error('no mail');
      for (let pass = 0; pass < 10; pass += 1) {
        const queued = await queueMailsOnce({
          db: database.db,
          mail,
          publicUrl: t.deps.publicUrl,
          now: t.deps.now,
        });
        const sent = await sendMailsOnce({
          db: database.db,
          log: createLogger('silent'),
          mail,
          now: t.deps.now,
        });
        if (queued.events + sent.claimed === 0) return;
      }
    }

    it('the owner hears of the sale (List-Unsubscribe, one click), the payment page lists both mails and resends the receipt', async () => {
      await createConsoleUser(database.db, 'owner@loja-exemplo.test', 'owner');
      await createConsoleUser(database.db, 'viewer@loja-exemplo.test', 'viewer');
      const { id } = await createTestSession(t.app, { customer: { email: 'ana@example.com' } });
      expect(
        (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() })).status,
      ).toBe(200);
      await drain();

      // The shopper's receipt and the owner's notice; the viewer chose nothing (their role's default).
      expect(inbox.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
        'ana@example.com',
        'owner@loja-exemplo.test',
      ]);
      const notice = inbox.received.find((mail) => mail.envelopeTo[0] === 'owner@loja-exemplo.test');
      expect(notice?.parsed.subject).toBe('New sale: R$165.90 — order-1001');
      // The raw header block (unfolded): one-click unsubscribe, RFC 8058.
      const headerBlock = (notice?.raw.split('\r\n\r\n')[0] ?? '').replace(/\r\n[ \t]+/g, ' ');
      const unsubscribe =
        /^List-Unsubscribe: <(https:\/\/checkout\.test\/api\/mail\/unsubscribe\?[^>]+)>$/m.exec(
          headerBlock,
        )?.[1];
      expect(headerBlock).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      if (!unsubscribe) throw new Error('no List-Unsubscribe');

      const owner = await logInAs(t.app, 'owner@loja-exemplo.test');
      const attempt = await attemptOf(database.db, id);
      const listed = consolePaymentMailsSchema.parse(
        (await owner.call('GET', `/api/console/payments/${attempt.id}/mails`)).json,
      );
      expect(listed.mail).toBe('smtp');
      expect(listed.data.map((mail) => [mail.kind, mail.status, mail.attempts]).sort()).toEqual([
        ['card_approved', 'sent', 1],
        ['notice_sale', 'sent', 1],
      ]);
      const receipt = listed.data.find((mail) => mail.kind === 'card_approved');
      expect(receipt?.last_response).toMatch(/^250/);

      // A viewer may look, not resend; an owner resends: the receipt goes again, the notice does not.
      const viewer = await logInAs(t.app, 'viewer@loja-exemplo.test');
      expect(
        (await viewer.call('POST', `/api/console/payments/${attempt.id}/mails/${receipt?.id ?? ''}/resend`))
          .status,
      ).toBe(403);
      const resent = await owner.call(
        'POST',
        `/api/console/payments/${attempt.id}/mails/${receipt?.id ?? ''}/resend`,
      );
      expect(resent.status).toBe(200);
      expect(resent.json).toMatchObject({ status: 'pending' });
      expect(
        (await owner.call('POST', `/api/console/payments/${attempt.id}/mails/mail_nope/resend`)).status,
      ).toBe(404);
      await drain();
      expect(inbox.received.filter((mail) => mail.envelopeTo[0] === 'ana@example.com')).toHaveLength(2);

      // Settings: the owner sees who gets what; one click in the notice turns sales off for them.
      const settings = noticeSettingsSchema.parse((await owner.call('GET', '/api/console/notices')).json);
      expect(settings.notices).toEqual(['sale', 'refund', 'boleto_paid', 'endpoint_failing']);
      expect(settings.team?.find((member) => member.email === 'viewer@loja-exemplo.test')?.notices).toEqual(
        [],
      );
      const path = new URL(unsubscribe);
      const confirm = await call(t.app, 'GET', `${path.pathname}${path.search}`);
      expect(confirm.status).toBe(200);
      expect(String(confirm.json)).toContain('Stop these e-mails');
      const clicked = await call(t.app, 'POST', `${path.pathname}${path.search}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(clicked.status).toBe(200);
      const after = noticeSettingsSchema.parse((await owner.call('GET', '/api/console/notices')).json);
      expect(after.notices).toEqual(['refund', 'boleto_paid', 'endpoint_failing']);
      const forged = await call(
        t.app,
        'POST',
        `${path.pathname}${path.search.replace(/t=[^&]+/, 't=AAAAAAAAAAAAAAAAAAAAAA')}`,
      );
      expect(forged.status).toBe(400);

      // The viewer chooses sales themselves.
      const chosen = await viewer.call('PATCH', '/api/console/notices', { body: { notices: ['sale'] } });
      expect(noticeSettingsSchema.parse(chosen.json).notices).toEqual(['sale']);
      expect(
        (await viewer.call('PATCH', '/api/console/notices', { body: { notices: ['everything'] } })).status,
      ).toBe(400);
      const second = await createTestSession(t.app, { reference: 'order-1002' });
      expect(
        (await call(t.app, 'POST', `/api/pay/${second.id}/v1/transactions`, { body: cardPayment() })).status,
      ).toBe(200);
      inbox.reset();
      await drain();
      expect(inbox.received.map((mail) => mail.envelopeTo[0])).toEqual(['viewer@loja-exemplo.test']);
      expect(await database.db.select().from(mailSends)).toHaveLength(3);
    });

    it('mail off (no SMTP_URL in production): nothing queued, the console says so and resends nothing', async () => {
      t.deps.mail = {
        ...createMailService({ SHOP_TIME_ZONE: 'America/Sao_Paulo' }, { development: false }),
      };
      expect(t.deps.mail.mode).toBe('off');
      await createConsoleUser(database.db, 'owner@loja-exemplo.test', 'owner');
      const { id } = await createTestSession(t.app, { customer: { email: 'ana@example.com' } });
      await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
      const owner = await logInAs(t.app, 'owner@loja-exemplo.test');
      const attempt = await attemptOf(database.db, id);
      const listed = consolePaymentMailsSchema.parse(
        (await owner.call('GET', `/api/console/payments/${attempt.id}/mails`)).json,
      );
      expect(listed).toEqual({ mail: 'off', data: [] });
    });
  },
);
