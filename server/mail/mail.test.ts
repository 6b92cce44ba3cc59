import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailSends } from '../db/schema.ts';
import { createLogger } from '../platform/logger.ts';
import { payBoleto, payPix } from '../../mock-core/gateway.ts';
import { reconcileOnce } from '../jobs/reconcile.ts';
import { attemptOf } from '../test/lifecycle-helpers.ts';
import { cardPayment, CARD, pixPayment } from '../test/payment-bodies.ts';
import type { SmtpInbox } from '../test/smtp-inbox.ts';
import { suiteApp } from '../test/suite-app.ts';
import { mailSuite } from '../test/mail-suite.ts';
import { call, createTestSession, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { queueMailsOnce } from './mail-queue.ts';
import type { MailService } from './mail-service.ts';
import type { MailTransport } from './mail-transport.ts';
import { DEFAULT_MAIL_POLICY, sendMailsOnce } from './mail-worker.ts';
import { MAIL } from './mail-machine.ts';
import { requeueMail } from './mail-repository.ts';

const SHOPPER = 'maria.silva@example.com';
const MINUTE = 60_000;
const BOLETO_PAYER = {
  name: 'Maria Silva',
  document: { type: 'cpf', number: '12345678909' },
  email: 'maria@example.com',
  address: {
    street: 'Avenida Paulista',
    street_number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    zipcode: '01310100',
  },
};

describe.each(BOTH_DRIVERS)('e-mail receipts over SMTP (%s)', (driver) => {
  let database: TestDatabase, t: TestApp;
  let inbox: SmtpInbox;
  let smtp: MailTransport;
  let mail: MailService;
  suiteApp(driver, {}, (s) => ({ database, t } = s));
  const mails = mailSuite();
  beforeEach(() => {
    ({ inbox, smtp } = mails);
    mail = mails.service({ SHOP_BRAND_COLOR: '#7c3aed', SHOP_SUPPORT: 'ajuda@loja-exemplo.test' });
  });

  const log = createLogger('silent');
  /** What the job runner does: queue, then send, again while there was work. */
  async function drain(transport: MailTransport = smtp): Promise<void> {
    const service = { ...mail, transport };
    for (let pass = 0; pass < 20; pass += 1) {
      const queued = await queueMailsOnce({
        db: database.db,
        mail: service,
        publicUrl: t.deps.publicUrl,
        now: t.deps.now,
      });
      const sent = await sendMailsOnce({ db: database.db, log, mail: service, now: t.deps.now });
      if (queued.events + sent.claimed === 0) return;
    }
  }

  async function paidCardSession(
    overrides: Parameters<typeof createTestSession>[1] = {},
    payment: Record<string, unknown> = {},
  ): Promise<string> {
    const { id } = await createTestSession(t.app, { customer: { email: SHOPPER }, ...overrides });
    const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, {
      body: cardPayment({ installments: 3, ...payment }),
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    return id;
  }

  it('an approved card payment: one receipt in Portuguese, with the order, the card’s last four and the shop', async () => {
    const sessionId = await paidCardSession({ locale: 'pt-BR' });
    await drain();

    expect(inbox.received).toHaveLength(1);
    const [received] = inbox.received;
    if (!received) throw new Error('no mail');
    expect(received.envelopeTo).toEqual([SHOPPER]);
    expect(received.envelopeFrom).toBe('recibos@loja-exemplo.test');
    const { parsed } = received;
    expect(parsed.subject).toBe('Pagamento aprovado — Loja Exemplo');
    expect(parsed.from?.value).toEqual([{ name: 'Loja Exemplo', address: 'recibos@loja-exemplo.test' }]);
    expect(parsed.replyTo?.value[0]?.address).toBe('ajuda@loja-exemplo.test');
    const text = parsed.text ?? '';
    expect(text).toContain('Tênis de corrida');
    expect(text).toContain('Cartão Visa final 1111');
    expect(text).toMatch(/R\$\s165,90 \(3x de R\$\s55,30\)/);
    expect(text).toContain('order-1001');
    expect(text).toContain(`https://checkout.test/pay/${sessionId}`);
    expect(text).toContain('ajuda@loja-exemplo.test');
    const html = typeof parsed.html === 'string' ? parsed.html : '';
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<h1');
    // No remote resource at all (no tracker pixel, no web font), no card data beyond the last four.
    expect(html).not.toMatch(/src="https?:|url\(|<link /);
    for (const secret of [CARD.card_number, CARD.card_cvv, CARD.card_expiration_date, '411111'])
      expect(received.raw).not.toContain(secret);

    const [row] = await database.db.select().from(mailSends);
    expect(row).toMatchObject({
      kind: 'card_approved',
      status: 'sent',
      attempts: 1,
      recipient: SHOPPER,
      locale: 'pt-BR',
    });
    expect(row?.lastResponse).toMatch(/^250/);
    expect(parsed.messageId).toBe(`<${row?.id ?? ''}@loja-exemplo.test>`);
  });

  it('in English for an English session', async () => {
    await paidCardSession({ locale: 'en' });
    await drain();
    const parsed = inbox.received[0]?.parsed;
    expect(parsed?.subject).toBe('Payment approved — Loja Exemplo');
    expect(parsed?.text).toContain('Visa card ending 1111');
    expect(parsed?.text).toContain('3 × R$');
    expect(typeof parsed?.html === 'string' ? parsed.html : '').toContain('<html lang="en">');
  });

  it('exactly once after the sender stops between SMTP’s answer and the record; queued once however often it runs', async () => {
    await paidCardSession();
    // The process "dies" right after the SMTP server accepted the mail, before recording it.
    const dying: MailTransport = {
      send: async (message) => {
        await smtp.send(message);
        throw new Error('killed');
      },
      close: () => undefined,
    };
    await expect(drain(dying)).rejects.toThrow('killed');
    expect(inbox.received).toHaveLength(1);
    // Another instance, after the lease: the mail is not sent again, and says why.
    t.clock.offsetMs = DEFAULT_MAIL_POLICY.leaseMs + 1_000;
    await drain();
    expect(inbox.received).toHaveLength(1);
    const [row] = await database.db.select().from(mailSends);
    expect(row?.status).toBe(MAIL.unknown);
    expect(row?.lastResponse).toContain('Not sent again by itself');

    // The queue run again over the same event (its mark lost) makes no second mail: the key is (event, recipient).
    await database.db.execute(sql`update outbox_events set mailed_at = null`);
    await drain();
    expect(await database.db.select().from(mailSends)).toHaveLength(1);
    expect(inbox.received).toHaveLength(1);

    // A person may ask for it again: the console's "resend receipt".
    if (!row) throw new Error('no row');
    await requeueMail(database.db, row.id, t.deps.now());
    await drain();
    expect(inbox.received).toHaveLength(2);
    const [resent] = await database.db.select().from(mailSends).where(eq(mailSends.id, row.id));
    expect(resent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('SMTP down for ten minutes: every mail waits, retried with back-off, and all go out once when it is back', async () => {
    inbox.setDown(true);
    await paidCardSession({ reference: 'order-a' });
    await paidCardSession({ reference: 'order-b', customer: { email: 'joao@example.com' } });
    for (let minute = 0; minute <= 10; minute += 1) {
      t.clock.offsetMs = minute * MINUTE;
      await drain();
    }
    expect(inbox.received).toHaveLength(0);
    const waiting = await database.db.select().from(mailSends);
    expect(waiting.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect(waiting.every((row) => row.attempts > 1 && /421/.test(row.lastResponse ?? ''))).toBe(true);

    inbox.setDown(false);
    for (let minute = 11; minute <= 45; minute += 1) {
      t.clock.offsetMs = minute * MINUTE;
      await drain();
    }
    expect(inbox.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual(['joao@example.com', SHOPPER]);
    expect((await database.db.select().from(mailSends)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('an address the server refuses (550) fails that mail for good; the payment is untouched', async () => {
    inbox.refuse(SHOPPER);
    const sessionId = await paidCardSession();
    await drain();
    const [row] = await database.db.select().from(mailSends);
    expect(row?.status).toBe('failed');
    expect(row?.lastResponse).toMatch(/550/);
    const session = await call(t.app, 'GET', `/api/pay/${sessionId}`);
    expect(JSON.stringify(session.json)).toContain('"status":"complete"');
  });

  it('hostile names cannot add a header or a recipient, nor markup', async () => {
    mail = { ...mail, shop: { ...mail.shop, name: 'Loja\r\nBcc: thief@attacker.test\r\nX-Evil: 1' } };
    const items = [
      { title: '<img src=x onerror=alert(1)> "Bolo"', unit_price: 16590, quantity: 1, tangible: true },
    ];
    await paidCardSession(
      { shop: { name: 'Loja\u2028Bcc: thief@attacker.test' }, items, shipping_fee: undefined },
      { items, amount: 16590 },
    );
    await drain();
    expect(inbox.received).toHaveLength(1);
    const [received] = inbox.received;
    expect(received?.envelopeTo).toEqual([SHOPPER]);
    const headerBlock = (received?.raw ?? '').split('\r\n\r\n')[0] ?? '';
    expect(headerBlock).not.toMatch(/^(bcc|x-evil):/im);
    expect(received?.parsed.bcc).toBeUndefined();
    expect(received?.parsed.subject).toBe('Pagamento aprovado — Loja Bcc: thief@attacker.test');
    const html = typeof received?.parsed.html === 'string' ? received.parsed.html : '';
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Bolo&quot;');
  });

  it('PIX issued (its code) and paid, boleto issued (line, due date, PDF) and paid, a refund: each mailed once, no CPF', async () => {
    const pixSession = await createTestSession(t.app, { locale: 'pt-BR' });
    const pix = (
      await call(t.app, 'POST', `/api/pay/${pixSession.id}/v1/transactions`, { body: pixPayment() })
    ).json as { id: number; pix_qr_code: string };
    await drain();
    const pixIssued = inbox.received.at(-1)?.parsed;
    expect(pixIssued?.subject).toBe('Seu código PIX — Loja Exemplo');
    expect(pixIssued?.text).toContain(pix.pix_qr_code);
    expect(pixIssued?.text).toMatch(/Válido até: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    payPix(String(pix.id), Date.now());
    t.clock.offsetMs = MINUTE;
    await reconcileOnce(t.deps);
    await drain();
    expect(inbox.received.at(-1)?.parsed.subject).toBe('PIX recebido — Loja Exemplo');

    const boletoSession = await createTestSession(t.app, {
      methods: ['credit_card', 'boleto'],
      locale: 'en',
    });
    const issued = await call(t.app, 'POST', `/api/pay/${boletoSession.id}/boleto`, {
      body: { payer: BOLETO_PAYER },
    });
    expect(issued.status).toBe(200);
    const boleto = issued.json as { transaction_id: number; digitable_line: string; pdf_url: string };
    await drain();
    const boletoMail = inbox.received.at(-1)?.parsed;
    expect(boletoMail?.subject).toBe('Your boleto — Loja Exemplo');
    expect(boletoMail?.text).toContain(boleto.digitable_line);
    expect(boletoMail?.text).toContain(`Open the boleto (PDF): ${boleto.pdf_url}`);
    expect(boletoMail?.text).toMatch(/Due date: \w+ \d{1,2}, \d{4}/);
    payBoleto(String(boleto.transaction_id), Date.now());
    t.clock.offsetMs = 3 * MINUTE;
    await reconcileOnce(t.deps);
    await drain();
    expect(inbox.received.at(-1)?.parsed.subject).toBe('Boleto paid — Loja Exemplo');

    const cardSession = await paidCardSession({ locale: 'pt-BR' });
    await drain();
    const attempt = await attemptOf(database.db, cardSession);
    const refunded = await call(t.app, 'POST', `/api/v1/payments/${attempt.id}/refund`, {
      key: TEST_KEY,
      body: { amount: 5_000 },
      headers: { 'idempotency-key': 'refund-1' },
    });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    await drain();
    const refund = inbox.received.at(-1)?.parsed;
    expect(refund?.subject).toBe('Reembolso — Loja Exemplo');
    expect(refund?.text).toMatch(/Valor devolvido: R\$\s50,00/);
    expect(refund?.text).toContain('Cartão');

    const rows = await database.db.select().from(mailSends);
    expect(rows.map((row) => row.kind).sort()).toEqual(
      ['boleto_issued', 'boleto_paid', 'card_approved', 'pix_issued', 'pix_paid', 'refund'].sort(),
    );
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    for (const received of inbox.received)
      for (const cpf of ['52998224725', '529.982.247-25', '12345678909', '123.456.789-09'])
        expect(received.raw).not.toContain(cpf);
  }, 30_000);

  it('`receipts: false`: no receipt for the shopper', async () => {
    await paidCardSession({ receipts: false });
    await drain();
    expect(inbox.received).toHaveLength(0);
    expect(await database.db.select().from(mailSends)).toHaveLength(0);
  });
});
