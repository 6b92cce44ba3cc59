import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts } from '../db/schema.ts';
import { createLogger } from '../platform/logger.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import type { SmtpInbox } from '../test/smtp-inbox.ts';
import { suiteApp } from '../test/suite-app.ts';
import { mailSuite } from '../test/mail-suite.ts';
import type { TestGateway } from '../test/test-gateway.ts';
import { call, createTestSession, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { queueMailsOnce } from './mail-queue.ts';
import type { MailService } from './mail-service.ts';
import { sendMailsOnce } from './mail-worker.ts';

/**
 * Issue 42 item 4: the plain card form asks no customer, so the shopper may give an e-mail for the receipt
 * (`receipt_email`, beside the gateway request). It is the receipt's address, the gateway never sees it,
 * it is never logged, and a session with `receipts: false` still sends nothing.
 */
const GIVEN = 'joana.receipt@example.com';
const KNOWN = 'maria.silva@example.com';

describe.each(BOTH_DRIVERS)('the e-mail given for the receipt on the card form (%s)', (driver) => {
  let database: TestDatabase, t: TestApp, gateway: TestGateway;
  let inbox: SmtpInbox;
  let mail: MailService;
  suiteApp(driver, {}, (s) => ({ database, t, gateway } = s));
  const mails = mailSuite();
  beforeAll(() => {
    inbox = mails.inbox;
    mail = mails.service({ SHOP_SUPPORT: 'ajuda@loja-exemplo.test' });
  });

  const log = createLogger('silent');
  async function drain(): Promise<void> {
    for (let pass = 0; pass < 20; pass += 1) {
      const queued = await queueMailsOnce({
        db: database.db,
        mail,
        publicUrl: t.deps.publicUrl,
        now: t.deps.now,
      });
      const sent = await sendMailsOnce({ db: database.db, log, mail, now: t.deps.now });
      if (queued.events + sent.claimed === 0) return;
    }
  }

  async function pay(sessionId: string, extra: Record<string, unknown>) {
    return call(t.app, 'POST', `/api/pay/${sessionId}/v1/transactions`, {
      body: { ...cardPayment(), ...extra },
    });
  }

  async function payerEmailOf(sessionId: string): Promise<(string | null)[]> {
    const rows = await database.db
      .select({ payerEmail: paymentAttempts.payerEmail })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.sessionId, sessionId));
    return rows.map((row) => row.payerEmail);
  }

  it('a session that knows no customer: the receipt goes to the address given, which the gateway never sees', async () => {
    const { id } = await createTestSession(t.app, { locale: 'en' });
    const paid = await pay(id, { receipt_email: `  ${GIVEN} ` });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(await payerEmailOf(id)).toEqual([GIVEN]);

    const [post] = gateway.posts();
    expect(post?.body).toBeDefined();
    expect(post?.body).not.toContain('receipt_email');
    expect(post?.body).not.toContain(GIVEN);
    // Logged with nothing of it (the card's lines are checked elsewhere; the address is not there either).
    expect(t.logs.join('\n')).not.toContain(GIVEN);

    await drain();
    expect(inbox.received.map((received) => received.envelopeTo)).toEqual([[GIVEN]]);
    expect(inbox.received[0]?.parsed.subject).toBe('Payment approved — Loja Exemplo');
  });

  it('the address given wins over the session’s customer e-mail; without one the customer’s is used', async () => {
    const given = await createTestSession(t.app, { customer: { email: KNOWN } });
    expect((await pay(given.id, { receipt_email: GIVEN })).status).toBe(200);
    const known = await createTestSession(t.app, { customer: { email: KNOWN } });
    expect((await pay(known.id, {})).status).toBe(200);
    await drain();
    expect(inbox.received.map((received) => received.envelopeTo[0]).sort()).toEqual([GIVEN, KNOWN].sort());
  });

  it('`receipts: false`: the address is kept as the payer’s, no receipt is sent', async () => {
    const { id } = await createTestSession(t.app, { receipts: false });
    expect((await pay(id, { receipt_email: GIVEN })).status).toBe(200);
    await drain();
    expect(await payerEmailOf(id)).toEqual([GIVEN]);
    expect(inbox.received).toEqual([]);
  });

  it('anything but one plain address is a clear 400 on `receipt_email`, and nothing is charged', async () => {
    const { id } = await createTestSession(t.app);
    for (const bad of [
      'not an address',
      'a@example.com, b@example.com',
      'ana@example.com\r\nBcc: victim@example.com',
      `${'a'.repeat(250)}@example.com`,
      42,
      null,
    ]) {
      const refused = await pay(id, { receipt_email: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.json).toMatchObject({
        errors: [{ parameter_name: 'receipt_email', type: 'invalid_parameter' }],
      });
    }
    expect(gateway.posts()).toEqual([]);
    expect(await payerEmailOf(id)).toEqual([]);
  });

  it('the shopper’s page says when a session sends no receipt (the card form then offers none)', async () => {
    const off = await createTestSession(t.app, { receipts: false });
    const on = await createTestSession(t.app);
    const page = async (id: string) =>
      ((await call(t.app, 'GET', `/api/pay/${id}`)).json as { order: Record<string, unknown> }).order;
    expect((await page(off.id)).receipts).toBe(false);
    expect(await page(on.id)).not.toHaveProperty('receipts');
  });
});
