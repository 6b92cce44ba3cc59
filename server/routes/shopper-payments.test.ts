import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  checkoutSessionSchema,
  publicSessionSchema,
} from '../../contract/checkout-session.ts';
import { feeSimulationResponseSchema } from '../../contract/gateway/fee-simulation.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { paymentAttempts, savedCards } from '../db/schema.ts';
import { expirePixNow, setTransactionStatus } from '../../mock-core/gateway.ts';
import { CARD, cardPayment, ORDER_AMOUNT, pixPayment, threeDSPayment } from '../test/payment-bodies.ts';
import {
  buildTestApp,
  call,
  createTestSession,
  PUBLIC_URL,
  SHOPPER_ADDRESS,
  parameterNames,
  TEST_KEY,
  type TestApp,
} from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';
import type { HttpEnv } from '../http/http-env.ts';
import { requestLog } from '../http/request-log.ts';
import { createLogger } from '../platform/logger.ts';
import { type TestGateway } from '../test/test-gateway.ts';

function pay(sid: string) {
  return `/api/pay/${sid}/v1/transactions`;
}

describe.each(BOTH_DRIVERS)('shopper payments through the session (%s)', (driver) => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  suiteApp(
    driver,
    { embedOrigins: ['https://partner.example'], policy: { refreshIntervalMs: 0 } },
    (s) => ({ database, gateway, t } = s),
  );

  it('a card payment: the gateway answers paid, the session completes, a second payment is refused', async () => {
    const { id } = await createTestSession(t.app);
    const paid = await call(t.app, 'POST', pay(id), { body: cardPayment() });
    expect(paid.status).toBe(200);
    const transaction = transactionSchema.parse(paid.json);
    expect(transaction.status).toBe('paid');
    expect(transaction.amount).toBe(ORDER_AMOUNT);
    expect(paid.headers.get('date')).toBeTruthy();

    const merchant = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY })).json,
    );
    expect(merchant.status).toBe('complete');
    expect(merchant.payments).toMatchObject([
      { transaction_id: transaction.id, payment_method: 'credit_card', amount: ORDER_AMOUNT, status: 'paid' },
    ]);

    const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(shopper.status).toBe('complete');
    expect(shopper.payment).toMatchObject({ status: 'paid', payment_method: 'credit_card' });
    expect(shopper.payment?.transaction?.id).toBe(transaction.id);

    const again = await call(t.app, 'POST', pay(id), { body: cardPayment() });
    expect(again.status).toBe(409);
    expect(apiErrorBodySchema.parse(again.json).errors[0]?.type).toBe('session_complete');
    expect(gateway.posts()).toHaveLength(1);
  });

  it('forwards only the schema’s fields with our token: no client headers, the session’s values', async () => {
    const { id } = await createTestSession(t.app);
    const result = await call(t.app, 'POST', `${pay(id)}?_method=GET`, {
      body: cardPayment(),
      headers: {
        'x-http-method-override': 'GET',
        'x-forwarded-for': '203.0.113.66',
        'x-real-ip': '203.0.113.67',
        cookie: 'session=abc',
        authorization: 'Bearer shopper-chose-this',
      },
    });
    expect(result.status).toBe(200);
    const [sent] = gateway.posts();
    expect(sent?.path).toBe('/v1/transactions');
    expect(sent?.headers.authorization).toBe('Bearer gateway-test-token');
    for (const header of ['x-http-method-override', 'x-forwarded-for', 'x-real-ip', 'cookie']) {
      expect(sent?.headers[header]).toBeUndefined();
    }
    // The session's values, plus the attempt's own id on the first item (echoed back: exact matching).
    const expected = cardPayment() as { items: { external_id?: string }[] };
    const [attempt] = await database.db.select().from(paymentAttempts);
    expect(attempt?.id).toMatch(/^pa_/);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      ...expected,
      items: expected.items.map((item, index) =>
        index === 0 ? { ...item, external_id: attempt?.id } : item,
      ),
    });
    expect(gateway.requests.filter((request) => request.method === 'GET')).toHaveLength(0);
  });

  it('3DS: ipAddress from the connection, the bank page approves, the return URL, the status re-read', async () => {
    const { id } = await createTestSession(t.app, { three_ds: 'required' });
    const started = await call(t.app, 'POST', pay(id), {
      body: threeDSPayment(id, {}),
      headers: { 'x-forwarded-for': '203.0.113.66' },
    });
    expect(started.status).toBe(200);
    const transaction = transactionSchema.parse(started.json);
    expect(transaction.status).toBe('processing');
    const sent = JSON.parse(gateway.posts()[0]?.body ?? '{}') as { threeDSecure: { ipAddress: string } };
    // TRUST_PROXY is unset: the socket's address, not the header's.
    expect(sent.threeDSecure.ipAddress).toBe(SHOPPER_ADDRESS);

    const challengeUrl = transaction.threeDSecure?.url ?? '';
    expect(challengeUrl.startsWith(`${gateway.url}/mock-bank/challenge?token=`)).toBe(true);
    const page = await fetch(challengeUrl, { headers: { 'accept-language': 'en' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<button type="submit" name="decision" value="approve"[^>]*>Approve<\/button>/);
    expect(html).toContain('>Decline</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('<script');

    const token = new URL(challengeUrl).searchParams.get('token') ?? '';
    const answer = await fetch(`${gateway.url}/mock-bank/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'approve' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${PUBLIC_URL}/pay/${id}/3ds?via=success`);

    // A reload of /pay/{id} asks the gateway, sees the bank's authorisation and captures it at once
    // (the session's capture is automatic): the shopper sees it paid, with one capture sent.
    const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(shopper.payment?.status).toBe('paid');
    expect(shopper.status).toBe('complete');
    const reread = await call(t.app, 'GET', `${pay(id)}/${transaction.id}`);
    expect(reread.status).toBe(200);
    expect(transactionSchema.parse(reread.json).status).toBe('paid');
    expect(gateway.requests.filter((request) => request.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('3DS decline sends the shopper to urlFail and leaves the session open', async () => {
    const { id } = await createTestSession(t.app, { three_ds: 'required' });
    const transaction = transactionSchema.parse(
      (await call(t.app, 'POST', pay(id), { body: threeDSPayment(id) })).json,
    );
    const token = new URL(transaction.threeDSecure?.url ?? '').searchParams.get('token') ?? '';
    const answer = await fetch(`${gateway.url}/mock-bank/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'decline' }),
      redirect: 'manual',
    });
    expect(answer.headers.get('location')).toBe(`${PUBLIC_URL}/pay/${id}/3ds?via=fail`);
    const reread = transactionSchema.parse((await call(t.app, 'GET', `${pay(id)}/${transaction.id}`)).json);
    expect(reread.status).toBe('refused');
    expect(publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json).status).toBe('open');
  });

  it('TRUST_PROXY=1 takes the address the trusted proxy appended', async () => {
    const proxied = buildTestApp({ db: database.db, gatewayUrl: gateway.url, trustProxy: '1' });
    try {
      const { id } = await createTestSession(proxied.app, { three_ds: 'required' });
      const result = await call(proxied.app, 'POST', pay(id), {
        body: threeDSPayment(id),
        headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.80' },
        address: '10.0.0.2',
      });
      expect(result.status).toBe(200);
      const sent = JSON.parse(gateway.posts()[0]?.body ?? '{}') as { threeDSecure: { ipAddress: string } };
      expect(sent.threeDSecure.ipAddress).toBe('203.0.113.80');
    } finally {
      await proxied.close();
    }
  });

  it('the shopper never names the merchant’s customer: customer.external_id is the session’s or absent', async () => {
    const chosen = { ...(pixPayment().customer as object), external_id: 'crm-someone-else' };
    const anonymous = await createTestSession(t.app);
    expect(
      (await call(t.app, 'POST', pay(anonymous.id), { body: pixPayment({ customer: chosen }) })).status,
    ).toBe(200);
    const known = await createTestSession(t.app, {
      reference: 'order-1002',
      three_ds: 'required',
      customer: { external_id: 'crm-4471', name: 'Maria', email: 'm@example.com' },
    });
    const threeDS = threeDSPayment(known.id, { customer: chosen });
    expect((await call(t.app, 'POST', pay(known.id), { body: threeDS })).status).toBe(200);

    const [pixSent, threeDSSent] = gateway
      .posts()
      .map((post) => JSON.parse(post.body) as { customer: object });
    expect(pixSent?.customer).not.toHaveProperty('external_id');
    expect(threeDSSent?.customer).toMatchObject({ external_id: 'crm-4471' });
    expect(JSON.stringify(gateway.posts())).not.toContain('crm-someone-else');
  });

  it('PIX: the code is kept on the session, so a reload shows the same one', async () => {
    const { id } = await createTestSession(t.app);
    const created = await call(t.app, 'POST', pay(id), { body: pixPayment() });
    expect(created.status).toBe(200);
    const transaction = transactionSchema.parse(created.json);
    expect(transaction.status).toBe('waiting_payment');
    expect(transaction.pix_qr_code).toBeTruthy();
    const reload = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(reload.status).toBe('open');
    expect(reload.payment?.status).toBe('waiting_payment');
    expect(reload.payment?.transaction?.pix_qr_code).toBe(transaction.pix_qr_code);
  });

  it('a PIX paid in the bank app reaches the merchant’s GET (the server asks the gateway)', async () => {
    const { id } = await createTestSession(t.app);
    const pix = transactionSchema.parse((await call(t.app, 'POST', pay(id), { body: pixPayment() })).json);
    setTransactionStatus(String(pix.id), 'paid', Date.now());
    const merchant = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY })).json,
    );
    expect(merchant.status).toBe('complete');
    expect(merchant.payments).toMatchObject([
      { transaction_id: pix.id, status: 'paid', payment_method: 'pix' },
    ]);
  });

  it('no second PIX code while one can still be paid; once it expires, a new one goes through', async () => {
    const { id } = await createTestSession(t.app);
    const pix = transactionSchema.parse((await call(t.app, 'POST', pay(id), { body: pixPayment() })).json);
    gateway.clearRequests();
    // A second code beside an open code could charge the shopper twice (a card withdraws it instead:
    // server/payments/card-after-pix.test.ts).
    expect((await call(t.app, 'POST', pay(id), { body: pixPayment() })).status).toBe(409);
    expect(gateway.posts()).toHaveLength(0);

    expirePixNow(String(pix.id), Date.now());
    const again = await call(t.app, 'POST', pay(id), { body: pixPayment() });
    expect(again.status).toBe(200);
    expect(gateway.posts()).toHaveLength(1);
    const merchant = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY })).json,
    );
    expect(merchant.payments?.map((p) => [p.payment_method, p.status])).toEqual([
      ['pix', 'canceled'],
      ['pix', 'waiting_payment'],
    ]);
  });

  it('two tabs paying at once: one payment reaches the gateway, the other gets a 409', async () => {
    const { id } = await createTestSession(t.app);
    const results = await Promise.all([
      call(t.app, 'POST', pay(id), { body: cardPayment() }),
      call(t.app, 'POST', pay(id), { body: cardPayment() }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(gateway.posts()).toHaveLength(1);
  });

  it('API answers are never cached', async () => {
    const { id } = await createTestSession(t.app);
    expect((await call(t.app, 'GET', `/api/pay/${id}`)).headers.get('cache-control')).toBe('no-store');
    const merchant = await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY });
    expect(merchant.headers.get('cache-control')).toBe('no-store');
  });

  it('a gateway 400 is the shopper’s 400, recorded as rejected; paying again is allowed', async () => {
    const { id } = await createTestSession(t.app);
    const refused = await call(t.app, 'POST', pay(id), {
      body: cardPayment({ card: { ...CARD, card_number: '4000000000000127' } }),
    });
    expect(refused.status).toBe(400);
    expect(parameterNames(refused.json)).toEqual(['card_cvv']);
    const merchant = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY })).json,
    );
    expect(merchant.payments).toMatchObject([{ status: 'rejected', transaction_id: null }]);
    expect((await call(t.app, 'POST', pay(id), { body: cardPayment() })).status).toBe(200);
  });

  describe('tampering is a 400 naming the parameter, and nothing reaches the gateway', () => {
    const other = 'cs_BBBBBBBBBBBBBBBBBBBBBB';
    const cases: [string, Record<string, unknown>, (sid: string) => Record<string, unknown>, string][] = [
      ['amount', {}, () => cardPayment({ amount: 100 }), 'amount'],
      [
        'item price',
        {},
        () =>
          cardPayment({
            items: [
              { title: 'Tênis de corrida', unit_price: 100, quantity: 1, tangible: true },
              { title: 'Meias', unit_price: 2545, quantity: 2, tangible: true },
            ],
          }),
        'items',
      ],
      [
        'an extra item',
        {},
        () =>
          cardPayment({
            items: [
              { title: 'Tênis de corrida', unit_price: 10000, quantity: 1, tangible: true },
              { title: 'Meias', unit_price: 2545, quantity: 2, tangible: true },
              { title: 'Brinde', unit_price: 1, quantity: 1, tangible: true },
            ],
          }),
        'items',
      ],
      [
        'a method the session does not offer',
        { methods: ['credit_card'] },
        () => pixPayment(),
        'payment_method',
      ],
      [
        'installments above the maximum',
        { max_installments: 3 },
        () => cardPayment({ installments: 4 }),
        'installments',
      ],
      ['3DS skipped when required', { three_ds: 'required' }, () => cardPayment(), 'threeDSecure'],
      ['3DS sent when off', {}, (sid) => threeDSPayment(sid), 'threeDSecure'],
      ['another descriptor', {}, () => cardPayment({ descriptor: 'OUTRA LOJA' }), 'descriptor'],
      ['a descriptor the session has none of', { descriptor: undefined }, () => cardPayment(), 'descriptor'],
      [
        'the PIX delivery fee',
        {},
        () => pixPayment({ shipping: { ...pixShipping(), fee: '0' } }),
        'shipping.fee',
      ],
      [
        'a return URL elsewhere',
        { three_ds: 'required' },
        (sid) =>
          threeDSPayment(sid, {
            threeDSecure: { ...threeDS(sid), urlSuccess: 'https://evil.example/pay/ok' },
          }),
        'threeDSecure.urlSuccess',
      ],
      [
        'a return URL that climbs out of the session with dot segments',
        { three_ds: 'required' },
        (sid) =>
          threeDSPayment(sid, {
            threeDSecure: {
              ...threeDS(sid),
              urlSuccess: `${PUBLIC_URL}/pay/${sid}/../../__mock-gateway/v1/transactions`,
            },
          }),
        'threeDSecure.urlSuccess',
      ],
      [
        'a return URL with user info',
        { three_ds: 'required' },
        (sid) =>
          threeDSPayment(sid, {
            threeDSecure: { ...threeDS(sid), urlFail: `https://u:p@checkout.test/pay/${sid}/3ds/fail` },
          }),
        'threeDSecure.urlFail',
      ],
      [
        'a return URL of another session',
        { three_ds: 'required' },
        (sid) =>
          threeDSPayment(sid, {
            threeDSecure: { ...threeDS(sid), urlFail: `${PUBLIC_URL}/pay/${other}/3ds` },
          }),
        'threeDSecure.urlFail',
      ],
      [
        'a saved card id on a session without saved cards',
        {},
        () => ({ ...cardPayment(), card: undefined, card_id: 7 }),
        'card_id',
      ],
      [
        'a consent to keep the card that is not true or false',
        {},
        () => ({ ...cardPayment(), save_card: 'yes' }),
        'save_card',
      ],
      [
        'a __proto__ key (an unknown field like any other)',
        {},
        () => ({ ...cardPayment(), ...(JSON.parse('{"__proto__": {"admin": true}}') as object) }),
        '__proto__',
      ],
      [
        'an invalid card number',
        {},
        () => cardPayment({ card: { ...CARD, card_number: '4111' } }),
        'card.card_number',
      ],
    ];

    it.each(cases)('%s', async (_name, sessionOverrides, body, parameter) => {
      const { id } = await createTestSession(t.app, sessionOverrides);
      const result = await call(t.app, 'POST', pay(id), { body: body(id) });
      expect(result.status).toBe(400);
      expect(parameterNames(result.json)).toContain(parameter);
      expect(gateway.requests).toHaveLength(0);
    });

    it('a body that is not a JSON object', async () => {
      const { id } = await createTestSession(t.app);
      for (const body of [[cardPayment()], 'pay', 7, null]) {
        const result = await call(t.app, 'POST', pay(id), { body });
        expect(result.status).toBe(400);
        expect(result.json).toEqual({
          errors: [
            { message: 'The body must be a JSON object.', parameter_name: null, type: 'invalid_parameter' },
          ],
        });
      }
      expect(gateway.requests).toHaveLength(0);
    });

    it('a return URL on an allowed embedding origin (env or session) is fine', async () => {
      const { id } = await createTestSession(t.app, {
        three_ds: 'required',
        embed_origins: ['https://shop.example'],
      });
      const body = threeDSPayment(id, {
        threeDSecure: {
          ...threeDS(id),
          urlSuccess: 'https://shop.example/checkout?checkout_3ds=abc',
          urlFail: 'https://partner.example/checkout?checkout_3ds=abc',
        },
      });
      const result = await call(t.app, 'POST', pay(id), { body });
      // Answered 502 in whole runs on a loaded machine, never alone: the answer and the server's last lines say why.
      expect(result.status, JSON.stringify({ answer: result.json, log: t.logs.slice(-6) })).toBe(200);
    });

    function threeDS(sid: string): Record<string, unknown> {
      return threeDSPayment(sid).threeDSecure as Record<string, unknown>;
    }
    function pixShipping(): Record<string, unknown> {
      return pixPayment().shipping as Record<string, unknown>;
    }
  });

  it('reads only this session’s transactions: another session’s id is a 404 without asking the gateway', async () => {
    const a = await createTestSession(t.app);
    const b = await createTestSession(t.app);
    const paid = transactionSchema.parse(
      (await call(t.app, 'POST', pay(a.id), { body: cardPayment() })).json,
    );
    gateway.clearRequests();
    for (const path of [
      `${pay(b.id)}/${paid.id}`,
      `${pay(a.id)}/999999`,
      `${pay(a.id)}/abc`,
      `${pay('cs_nope')}/${paid.id}`,
    ]) {
      expect((await call(t.app, 'GET', path)).status).toBe(404);
    }
    expect(gateway.requests).toHaveLength(0);
    const own = await call(t.app, 'GET', `${pay(a.id)}/${paid.id}`);
    expect(own.status).toBe(200);
    expect(transactionSchema.parse(own.json).id).toBe(paid.id);
  });

  it('a closed session’s transaction reads show what its page shows: the result, not the payer or a PIX code', async () => {
    const secrets = ['52998224725', '+5511987654321', 'maria@example.com', 'Avenida Paulista', '01310100'];
    const read = async (sid: string, id: number) => {
      const answer = await call(t.app, 'GET', `${pay(sid)}/${id}`);
      expect(answer.status).toBe(200);
      return { transaction: transactionSchema.parse(answer.json), text: JSON.stringify(answer.json) };
    };
    // A refused card (with its billing address), then a PIX code (with the payer's CPF), then paid.
    const paid = await createTestSession(t.app);
    const refused = transactionSchema.parse(
      (
        await call(t.app, 'POST', pay(paid.id), {
          body: cardPayment({ card: { ...CARD, card_number: '4000000000000002' } }),
        })
      ).json,
    );
    const pix = transactionSchema.parse(
      (await call(t.app, 'POST', pay(paid.id), { body: pixPayment() })).json,
    );
    // Open: the page needs the code and the payer as the gateway gave them.
    const open = await read(paid.id, pix.id);
    expect(open.transaction.pix_qr_code).toBeTruthy();
    expect(open.text).toContain('52998224725');
    setTransactionStatus(String(pix.id), 'paid', Date.now());
    const complete = await read(paid.id, pix.id);
    expect(complete.transaction).toMatchObject({ id: pix.id, status: 'paid', amount: ORDER_AMOUNT });
    expect(complete.transaction.pix_qr_code).toBeUndefined();
    expect(publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${paid.id}`)).json).status).toBe(
      'complete',
    );
    const earlier = await read(paid.id, refused.id);
    expect(earlier.transaction).toMatchObject({ id: refused.id, status: 'refused' });
    for (const { text } of [complete, earlier])
      for (const secret of secrets) expect(text).not.toContain(secret);

    // Expired with a refused card on it: the same.
    const expired = await createTestSession(t.app);
    const declined = transactionSchema.parse(
      (
        await call(t.app, 'POST', pay(expired.id), {
          body: cardPayment({ card: { ...CARD, card_number: '4000000000000002' } }),
        })
      ).json,
    );
    expect(
      (await call(t.app, 'POST', `/api/v1/checkout-sessions/${expired.id}/expire`, { key: TEST_KEY })).status,
    ).toBe(200);
    const gone = await read(expired.id, declined.id);
    expect(gone.transaction).toMatchObject({
      id: declined.id,
      status: 'refused',
      card: { card_last_digits: '0002' },
    });
    for (const secret of secrets) expect(gone.text).not.toContain(secret);
  });

  it('an unknown session is a 404; an expired one says so (410) and forwards nothing', async () => {
    expect((await call(t.app, 'GET', '/api/pay/cs_CCCCCCCCCCCCCCCCCCCCCC')).status).toBe(404);
    expect(
      (await call(t.app, 'POST', pay('cs_CCCCCCCCCCCCCCCCCCCCCC'), { body: cardPayment() })).status,
    ).toBe(404);

    const lazily = await createTestSession(t.app, { expires_in_minutes: 5 });
    const byMerchant = await createTestSession(t.app);
    await call(t.app, 'POST', `/api/v1/checkout-sessions/${byMerchant.id}/expire`, { key: TEST_KEY });
    t.clock.offsetMs = 6 * 60_000;
    for (const id of [lazily.id, byMerchant.id]) {
      const result = await call(t.app, 'POST', pay(id), { body: cardPayment() });
      expect(result.status).toBe(410);
      expect(apiErrorBodySchema.parse(result.json).errors[0]?.type).toBe('session_expired');
      expect(publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json).status).toBe(
        'expired',
      );
    }
    expect(gateway.requests).toHaveLength(0);
  });

  it('stores and logs no card number, CVV or expiry', async () => {
    const { id } = await createTestSession(t.app);
    expect((await call(t.app, 'POST', pay(id), { body: cardPayment() })).status).toBe(200);
    const rows = await database.db.execute(sql`
      select row_to_json(s)::text as row from checkout_sessions s
      union all select row_to_json(a)::text from payment_attempts a
      union all select row_to_json(r)::text from rate_limit_hits r`);
    const dump = JSON.stringify(rows);
    expect(dump).toContain('1111'); // the last four are kept, by design
    for (const secret of [CARD.card_number, `"${CARD.card_cvv}"`, `"${CARD.card_expiration_date}"`]) {
      expect(dump).not.toContain(secret);
      expect(t.logs.join('\n')).not.toContain(secret);
    }
    for (const key of ['card_number', 'card_cvv', 'card_expiration_date']) expect(dump).not.toContain(key);
  });

  it('a payment writes one log line, the request’s, with its ids and status', async () => {
    const { id } = await createTestSession(t.app);
    // The request log as the HTTP shell mounts it (http-app.ts), around the API.
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const shell = new Hono<HttpEnv>();
    shell.use(requestLog(log));
    shell.route('/', t.app);
    const logged = t.logs.length;
    const paid = await call(shell as unknown as typeof t.app, 'POST', pay(id), { body: cardPayment() });
    expect(paid.status).toBe(200);
    const transaction = transactionSchema.parse(paid.json);
    const [attempt] = await database.db
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(sql`${paymentAttempts.sessionId} = ${id}`);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        status: 200,
        sessionId: id,
        attemptId: attempt?.id,
        transactionId: transaction.id,
        transactionStatus: 'paid',
      }),
    ]);
    // Nothing more at info from the payment itself (its "payment sent" is at debug).
    const more = t.logs.slice(logged).map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(more.filter((line) => line.level !== 'debug')).toEqual([]);
  });

  it('fee simulation is forwarded only for the session’s amount and allowed installments', async () => {
    const { id } = await createTestSession(t.app, { fees_paid_by: 'customer', max_installments: 6 });
    const path = `/api/pay/${id}/v1/simulate/tax`;
    const body = { brand: 'visa', installments: 6, amount: ORDER_AMOUNT, fee_responsible: 'customer' };
    const ok = await call(t.app, 'POST', path, { body });
    expect(ok.status).toBe(200);
    expect(feeSimulationResponseSchema.safeParse(ok.json).success).toBe(true);
    gateway.clearRequests();
    expect(parameterNames((await call(t.app, 'POST', path, { body: { ...body, amount: 1 } })).json)).toEqual([
      'amount',
    ]);
    expect(
      parameterNames((await call(t.app, 'POST', path, { body: { ...body, installments: 7 } })).json),
    ).toEqual(['installments']);
    expect(gateway.requests).toHaveLength(0);
  });

  it('customer-paid fees: a card charges the simulated gross of its network and plan, nothing else', async () => {
    const { id } = await createTestSession(t.app, { fees_paid_by: 'customer', max_installments: 6 });
    const simulated = feeSimulationResponseSchema.parse(
      (
        await call(t.app, 'POST', `/api/pay/${id}/v1/simulate/tax`, {
          body: { brand: 'visa', installments: 6, amount: ORDER_AMOUNT, fee_responsible: 'customer' },
        })
      ).json,
    );
    const gross = Math.round(simulated.grossAmount * 100);
    expect(gross).toBeGreaterThan(ORDER_AMOUNT);
    gateway.clearRequests();

    // The order's amount without the fees the shopper was shown: refused, nothing charged.
    const short = await call(t.app, 'POST', pay(id), { body: cardPayment({ installments: 6 }) });
    expect(short.status).toBe(400);
    expect(parameterNames(short.json)).toEqual(['amount']);
    expect(gateway.posts().filter((p) => p.path === '/v1/transactions')).toHaveLength(0);

    const paid = await call(t.app, 'POST', pay(id), {
      body: cardPayment({ installments: 6, amount: gross }),
    });
    expect(paid.status).toBe(200);
    const [sent] = gateway.posts().filter((p) => p.path === '/v1/transactions');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ amount: gross, installments: 6 });
    const merchant = checkoutSessionSchema.parse(
      (await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY })).json,
    );
    expect(merchant.payments?.[0]).toMatchObject({ amount: gross, status: 'paid' });
  });

  it('the public session has the contract’s shape, with the order in the browser’s words', async () => {
    const { id } = await createTestSession(t.app, {
      locale: 'en',
      customer: { external_id: 'crm-4471', name: 'Maria', email: 'm@example.com' },
    });
    const view = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(view.order).toEqual({
      amount: ORDER_AMOUNT,
      items: [
        { title: 'Tênis de corrida', unitPrice: 10000, quantity: 1, tangible: true },
        { title: 'Meias', unitPrice: 2545, quantity: 2, tangible: true },
      ],
      descriptor: 'LOJA EXEMPLO',
      methods: ['credit_card', 'pix'],
      maxInstallments: 12,
      threeDS: 'off',
      feesPaidBy: 'merchant',
      locale: 'en',
      shipping: { fee: 1500 },
    });
    // What pre-fills the forms, and nothing of the shop's own records (its customer id stays private).
    expect(view.customer).toEqual({ name: 'Maria', email: 'm@example.com' });
    expect(view.payment).toBeNull();
  });
  it('a closed session shows the result, not the customer’s document, phone or address, nor cards saved since', async () => {
    const customer = {
      external_id: 'crm-9001',
      name: 'Maria Souza',
      email: 'maria@example.com',
      document: { type: 'cpf' as const, number: '52998224725' },
      phone: '+5511987650001',
      address: {
        street: 'Rua Augusta',
        street_number: '1508',
        zipcode: '01304001',
        city: 'São Paulo',
        state: 'SP',
      },
    };
    const read = async (sid: string) => {
      const response = await call(t.app, 'GET', `/api/pay/${sid}`);
      return { view: publicSessionSchema.parse(response.json), text: JSON.stringify(response.json) };
    };
    const secrets = ['52998224725', '+5511987650001', '987650001', 'Rua Augusta', '01304001', 'crm-9001'];
    const paid = await createTestSession(t.app, { customer, save_cards: true });
    // Open: the forms start filled in with what the shop knows.
    expect((await read(paid.id)).view.customer).toMatchObject({ document: customer.document });
    const pix = transactionSchema.parse(
      (await call(t.app, 'POST', pay(paid.id), { body: pixPayment() })).json,
    );
    setTransactionStatus(String(pix.id), 'paid', Date.now());
    await database.db.insert(savedCards).values({
      customerExternalId: 'crm-9001',
      cardId: 777,
      brand: 'visa',
      firstDigits: '411111',
      lastDigits: '1111',
      holderName: 'MARIA SOUZA',
      sessionId: paid.id,
      createdAt: new Date(),
    });

    const complete = await read(paid.id);
    expect(complete.view.status).toBe('complete');
    expect(complete.view.payment).toMatchObject({ status: 'paid', payment_method: 'pix' });
    expect(complete.view.payment?.transaction).toMatchObject({ id: pix.id, amount: ORDER_AMOUNT });
    expect(complete.view.customer).toBeNull();
    expect(complete.view.saved_cards).toEqual([]);
    expect(complete.view.payment?.transaction?.pix_qr_code).toBeUndefined();
    for (const secret of secrets) expect(complete.text).not.toContain(secret);

    const expired = await createTestSession(t.app, { reference: 'order-1003', customer });
    expect(
      (await call(t.app, 'POST', `/api/v1/checkout-sessions/${expired.id}/expire`, { key: TEST_KEY })).status,
    ).toBe(200);
    const gone = await read(expired.id);
    expect(gone.view.status).toBe('expired');
    expect(gone.view.customer).toBeNull();
    for (const secret of secrets) expect(gone.text).not.toContain(secret);
  });
});
