import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicSessionSchema } from '../../contract/checkout-session.ts';
import { paymentLinkSchema } from '../../contract/payment-links/payment-link.ts';
import { checkoutSessions } from '../db/schema.ts';
import { cardPayment, pixPayment } from '../test/payment-bodies.ts';
import { call, PUBLIC_URL, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { type TestGateway } from '../test/test-gateway.ts';
import { createTestLink, linkPage, storedEvents, visitLink } from '../test/payment-link-helpers.ts';
import { createDemoLink } from './demo-links.ts';
import { announceExpiredLinks } from './expire-links.ts';
import { signPrefill } from './prefill-signature.ts';

describe.each(DRIVERS)('payment links: the shopper’s visits (%s)', (driver) => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  suiteApp(driver, {}, (s) => ({ database, gateway, t } = s));

  const session = async (id: string | undefined) => {
    if (!id) throw new Error('no session');
    const [row] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    if (!row) throw new Error('session not stored');
    return row;
  };

  it('npm start prints the same demo link at every start; a designer scenario gets a fresh one', async () => {
    const first = await createDemoLink(t.deps, 'link-active', { reuse: true });
    const again = await createDemoLink(t.deps, 'link-active', { reuse: true });
    expect(again).toBe(first);
    expect(await createDemoLink(t.deps, 'link-active')).not.toBe(first);
  });

  it('the page shows the title, description, items and total in BRL; Continue opens a fresh session each visit', async () => {
    const link = await createTestLink(t.app, { metadata: { campaign: 'zap' } });
    const page = await linkPage(t.app, `/l/${link.code}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="pt-BR">');
    expect(page.html).toContain('<h1>Tênis de corrida</h1>');
    expect(page.html).toContain('Tamanho 42');
    expect(page.html).toContain('R$&nbsp;165,90'.replace('&nbsp;', '\u00a0'));
    expect(page.html).toContain('Continuar para o pagamento');

    const first = await visitLink(t.app, link.code);
    const second = await visitLink(t.app, link.code, {}, '203.0.113.9');
    expect(first.status).toBe(303);
    expect(first.sessionId).toBeDefined();
    expect(second.sessionId).not.toBe(first.sessionId);
    const row = await session(first.sessionId);
    expect(row).toMatchObject({
      paymentLinkId: link.id,
      amount: 16590,
      reference: 'tenis-42',
      metadata: { campaign: 'zap' },
      customer: null,
      saveCards: false,
      cancelUrl: `${PUBLIC_URL}/l/${link.code}`,
    });
    // The shopper's page of it is an ordinary session's.
    const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${first.sessionId}`)).json);
    expect(shopper).toMatchObject({ status: 'open', customer: null, payment: null });
    expect(shopper.order?.amount).toBe(16590);
  });

  it('a customer-chosen amount: within bounds opens a session of that amount; outside, the page says so and nothing is created', async () => {
    const link = await createTestLink(t.app, {
      title: 'Doação',
      items: undefined,
      shipping_fee: undefined,
      custom_amount: { min: 1000, max: 50000, preset: 2500 },
    });
    const page = await linkPage(t.app, `/l/${link.code}`);
    expect(page.html).toContain('value="25,00"');
    expect(page.html).toContain('De R$\u00a010,00 a R$\u00a0500,00.');

    for (const typed of ['9,99', '500,01', 'abc', '', '-20']) {
      const refused = await visitLink(t.app, link.code, { amount: typed });
      expect(refused.status).toBe(400);
      expect(refused.html).toContain('role="alert"');
      expect(refused.html).toContain('Digite um valor entre R$\u00a010,00 e R$\u00a0500,00.');
      expect(refused.html).toContain(`value="${typed}"`);
    }
    expect(await database.db.select().from(checkoutSessions)).toHaveLength(0);

    const opened = await visitLink(t.app, link.code, { amount: '123,45' });
    const row = await session(opened.sessionId);
    expect(row.amount).toBe(12345);
    expect(row.items).toEqual([{ title: 'Doação', unit_price: 12345, quantity: 1, tangible: false }]);
    // The amount is the session's: a shopper's payment of another amount is refused before the gateway.
    const paid = await call(t.app, 'POST', `/api/pay/${opened.sessionId}/v1/transactions`, {
      body: cardPayment({ amount: 100, items: row.items }),
    });
    expect(paid.status).toBe(400);
    expect(gateway.posts()).toHaveLength(0);
  });

  it('an adjustable quantity multiplies the one item; outside its bounds is refused', async () => {
    const link = await createTestLink(t.app, {
      items: [{ title: 'Camiseta', unit_price: 5000, quantity: 1, tangible: true }],
      shipping_fee: 1000,
      quantity: { min: 1, max: 3 },
    });
    const refused = await visitLink(t.app, link.code, { quantity: '4' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Escolha uma quantidade entre 1 e 3.');
    const row = await session((await visitLink(t.app, link.code, { quantity: '3' })).sessionId);
    expect(row.amount).toBe(3 * 5000 + 1000);
  });

  it('signed pre-fill: a valid signature fills the customer; a changed field or a wrong key fills nothing', async () => {
    const link = await createTestLink(t.app);
    const fields = { email: 'ana@example.com', name: 'Ana Souza', document: '529.982.247-25' };
    const sig = signPrefill(TEST_KEY, link.code, fields);
    const query = new URLSearchParams({ ...fields, sig });
    const page = await linkPage(t.app, `/l/${link.code}?${query.toString()}`);
    expect(page.html).toContain(`name="sig" value="${sig}"`);
    const signed = await session((await visitLink(t.app, link.code, { ...fields, sig })).sessionId);
    expect(signed.customer).toEqual({
      email: 'ana@example.com',
      name: 'Ana Souza',
      document: { type: 'cpf', number: '52998224725' },
    });
    const tampered = await session(
      (await visitLink(t.app, link.code, { ...fields, email: 'eve@example.com', sig })).sessionId,
    );
    expect(tampered.customer).toBeNull();
    const wrongKey = signPrefill('sk_someone_else_0123456789abcdef', link.code, fields);
    const forged = await session((await visitLink(t.app, link.code, { ...fields, sig: wrongKey })).sessionId);
    expect(forged.customer).toBeNull();
    // Nobody can sign an amount: the form's amount field of a fixed-price link is ignored.
    const priced = await session(
      (await visitLink(t.app, link.code, { amount: '1,00', ...fields, sig })).sessionId,
    );
    expect(priced.amount).toBe(16590);
  });

  it('an expired link shows a page with the merchant’s message, opens no session, and is announced once, by the sweep', async () => {
    const link = await createTestLink(t.app, {
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      inactive_message: 'A promoção acabou. Veja a loja: @loja',
    });
    t.clock.offsetMs = 61_000;
    const page = await linkPage(t.app, `/l/${link.code}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Este link de pagamento expirou');
    expect(page.html).toContain('A promoção acabou. Veja a loja: @loja');
    expect(page.html).not.toContain('<form');
    // The page is a read: the notice is the sweep's, not the visit's.
    expect(await storedEvents(database.db, 'payment_link.expired')).toHaveLength(0);
    const visit = await visitLink(t.app, link.code);
    expect(visit.status).toBe(200);
    expect(visit.location).toBeNull();
    expect(await database.db.select().from(checkoutSessions)).toHaveLength(0);
    await linkPage(t.app, `/l/${link.code}`);
    await announceExpiredLinks(database.db, { now: t.deps.now(), publicUrl: PUBLIC_URL });
    const expired = await storedEvents(database.db, 'payment_link.expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]?.payload.data.object).toMatchObject({ id: link.id, status: 'expired' });
    const got = paymentLinkSchema.parse(
      (await call(t.app, 'GET', `/api/v1/payment-links/${link.id}`, { key: TEST_KEY })).json,
    );
    expect(got.status).toBe('expired');
  });

  it('an unknown code is a friendly 404 page; an inactive link says so without a form', async () => {
    const missing = await linkPage(t.app, '/l/AAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Link de pagamento não encontrado');
    const link = await createTestLink(t.app);
    await call(t.app, 'PATCH', `/api/v1/payment-links/${link.id}`, {
      key: TEST_KEY,
      body: { active: false },
    });
    const page = await linkPage(t.app, `/l/${link.code}`);
    expect(page.html).toContain('Este link de pagamento não está disponível');
    expect(page.html).toContain('Fale com a loja para receber um novo link.');
    expect(page.html).not.toContain('<form');
  });

  it('embedded by an allowed shop: the page tells that shop it is ready, and Continue opens the embedded checkout of a fresh session', async () => {
    const shop = 'https://shop.example';
    const link = await createTestLink(t.app, { embed_origins: [shop] });
    const instance = 'a'.repeat(32);
    const query = new URLSearchParams({
      instance,
      host: shop,
      lang: 'en',
      theme: 'dark',
      return_url: `${shop}/x`,
    });
    const page = await linkPage(t.app, `/l/${link.code}?${query.toString()}`);
    expect(page.html).toContain(`data-embed-host="${shop}" data-embed-instance="${instance}"`);
    expect(page.html).toContain('<script src="/l/link-embed.js" defer></script>');
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain(`<input type="hidden" name="host" value="${shop}">`);

    const visit = await visitLink(t.app, link.code, { instance, host: shop, lang: 'en', theme: 'dark' });
    expect(visit.status).toBe(303);
    const next = new URL(visit.location ?? '', PUBLIC_URL);
    expect(next.pathname).toBe('/embed');
    // No return_url: the shop did not create this session, the bank returns to the checkout's own page.
    const { session: opened, ...rest } = Object.fromEntries(next.searchParams);
    expect(opened).toMatch(/^cs_/);
    expect(rest).toEqual({
      instance,
      host: shop,
      lang: 'en',
      theme: 'dark',
    });
    expect((await session(next.searchParams.get('session') ?? undefined)).embedOrigins).toEqual([shop]);

    // Any other host, a malformed instance or an origin with a path: an ordinary page and an ordinary visit.
    for (const bad of [
      { instance, host: 'https://evil.example' },
      { instance: 'nope', host: shop },
      { instance, host: `${shop}/path` },
    ]) {
      const plain = await linkPage(t.app, `/l/${link.code}?${new URLSearchParams(bad).toString()}`);
      expect(plain.html).not.toContain('data-embed-host');
      expect(plain.html).not.toContain('link-embed.js');
      const visited = await visitLink(t.app, link.code, bad);
      expect(visited.location).toMatch(/^\/pay\/cs_/);
    }
    const script = await t.app.request('/l/link-embed.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('window.parent.postMessage');
  });

  it('a link paid by card and by PIX by two shoppers: separate sessions, counters, events carry payment_link_id', async () => {
    const link = await createTestLink(t.app);
    const a = await visitLink(t.app, link.code, {}, '203.0.113.1');
    const b = await visitLink(t.app, link.code, {}, '203.0.113.2');
    const card = await call(t.app, 'POST', `/api/pay/${a.sessionId}/v1/transactions`, {
      body: cardPayment(),
    });
    expect(card.status).toBe(200);
    const pix = await call(t.app, 'POST', `/api/pay/${b.sessionId}/v1/transactions`, { body: pixPayment() });
    expect(pix.status).toBe(200);
    // B's page shows B's PIX only; A's shows A's card: nobody sees the other payer.
    const pageB = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${b.sessionId}`)).json);
    expect(pageB.payment?.payment_method).toBe('pix');
    expect(pageB.customer).toBeNull();

    const got = paymentLinkSchema.parse(
      (await call(t.app, 'GET', `/api/v1/payment-links/${link.id}`, { key: TEST_KEY })).json,
    );
    expect(got).toMatchObject({ payments_count: 1, amount_collected: 16590, status: 'active' });
    const payments = (
      await call(t.app, 'GET', `/api/v1/payment-links/${link.id}/payments`, { key: TEST_KEY })
    ).json as {
      data: { session_id: string; payment_method: string; payment_link_id: string }[];
    };
    expect(payments.data.map((p) => [p.session_id, p.payment_method, p.payment_link_id])).toEqual([
      [b.sessionId, 'pix', link.id],
      [a.sessionId, 'credit_card', link.id],
    ]);
    const completed = await storedEvents(database.db, 'checkout.session.completed');
    expect(completed[0]?.payload.data.object).toMatchObject({ id: a.sessionId, payment_link_id: link.id });
    const succeeded = await storedEvents(database.db, 'payment.succeeded');
    expect(succeeded[0]?.payload.data.object).toMatchObject({
      session_id: a.sessionId,
      payment_link_id: link.id,
    });
  });

  it('after_payment: a redirect_url gets the session id; a message is the link’s thank-you page', async () => {
    const redirect = await createTestLink(t.app, {
      after_payment: { redirect_url: 'https://shop.example/obrigado?pedido={session_id}' },
    });
    const visit = await visitLink(t.app, redirect.code);
    expect((await session(visit.sessionId)).successUrl).toBe(
      `https://shop.example/obrigado?pedido=${visit.sessionId}`,
    );

    const message = await createTestLink(t.app, {
      after_payment: { message: 'Retire na loja com seu nome.' },
    });
    const m = await visitLink(t.app, message.code);
    expect((await session(m.sessionId)).successUrl).toBe(`${PUBLIC_URL}/l/${message.code}/thanks`);
    const before = await linkPage(t.app, `/l/${message.code}/thanks?session_id=${m.sessionId}`);
    expect(before.html).not.toContain('Retire na loja');
    await call(t.app, 'POST', `/api/pay/${m.sessionId}/v1/transactions`, { body: cardPayment() });
    const after = await linkPage(t.app, `/l/${message.code}/thanks?session_id=${m.sessionId}`);
    expect(after.html).toContain('Pagamento recebido. Obrigado!');
    expect(after.html).toContain('Retire na loja com seu nome.');
    // Another link's session earns nothing here.
    const otherSession = (await visitLink(t.app, redirect.code)).sessionId;
    const other = await linkPage(t.app, `/l/${message.code}/thanks?session_id=${otherSession}`);
    expect(other.html).not.toContain('Retire na loja');
  });

  it('the printable sheet holds the title, the price and the QR code of the link; Share is hidden until the script finds the Web Share API', async () => {
    const link = await createTestLink(t.app);
    const sheet = await linkPage(t.app, `/l/${link.code}/qr`);
    expect(sheet.status).toBe(200);
    expect(sheet.html).toContain('Tênis de corrida');
    expect(sheet.html).toContain('R$\u00a0165,90');
    expect(sheet.html).toMatch(/<svg [^>]*role="img"/);
    expect(sheet.html).toContain(`data-share data-url="${link.url}"`);
    expect(sheet.html).toMatch(/data-share[^>]* hidden>/);
    const css = await t.app.request('/l/link-page.css');
    expect(await css.text()).toContain('@page{size:A6');
  });
});
