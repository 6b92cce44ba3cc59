import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardRequestSample, pixRequestSample, threeDSRequestSample } from '../../contract/testing/samples.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import { loadSettings, mockGatewayNow, resetMockStorage } from '../../mock-core/store.ts';
import { createGatewayClient, type GatewayClient } from '../gateway/gateway-client.ts';
import { toGatewayBoleto } from '../gateway/boleto-adapter.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { createMockGatewayApp } from './mock-gateway-app.ts';
import { createMockWebhooks } from './mock-webhooks.ts';

const app = createMockGatewayApp({ publicBaseUrl: 'https://checkout.test/__mock-gateway' });
const auth = { authorization: 'Bearer anything' };

function post(path: string, body: unknown, headers: Record<string, string> = auth) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function threeDS(cardNumber = '4111111111111111') {
  const response = await post('/v1/transactions', {
    ...threeDSRequestSample,
    card: { ...threeDSRequestSample.card, card_number: cardNumber },
  });
  const transaction = transactionSchema.parse(await response.json());
  const url = new URL(transaction.threeDSecure?.url ?? '');
  return { transaction, url, token: url.searchParams.get('token') ?? '' };
}

function decide(token: string, decision: string) {
  return app.request('/mock-bank/challenge', {
    method: 'POST',
    body: new URLSearchParams({ token, decision }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

beforeEach(() => resetMockStorage());

describe('mock gateway over HTTP', () => {
  it('requires a bearer token (any) and answers with a Date header', async () => {
    expect((await post('/v1/transactions', cardRequestSample, {})).status).toBe(401);
    const response = await post('/v1/transactions', cardRequestSample);
    expect(response.status).toBe(200);
    expect(response.headers.get('date')).toMatch(/GMT$/);
    expect(transactionSchema.parse(await response.json()).status).toBe('paid');
    expect((await app.request('/v1/transactions', { headers: auth })).status).toBe(200);
    expect((await app.request('/v1/transactions/1001', { headers: auth })).status).toBe(200);
    expect((await app.request('/v1/transactions/999', { headers: auth })).status).toBe(404);
  });

  it('serves card creation and fee simulation with the contract’s validation', async () => {
    expect((await post('/v1/cards', cardRequestSample.card)).status).toBe(200);
    expect((await post('/v1/cards', { card_number: '1' })).status).toBe(400);
    const fees = await post('/v1/simulate/tax', {
      brand: 'visa',
      installments: 3,
      amount: 19000,
      fee_responsible: 'customer',
    });
    expect(fees.status).toBe(200);
  });

  it('points 3DS at its own challenge page on the public origin', async () => {
    const { url } = await threeDS();
    expect(`${url.origin}${url.pathname}`).toBe('https://checkout.test/__mock-gateway/mock-bank/challenge');
  });

  it('the challenge page: accessible HTML, its own stylesheet, a CSP that allows the way back', async () => {
    const { token } = await threeDS();
    const page = await app.request(`/mock-bank/challenge?token=${token}`, {
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<h1>Confirme sua compra</h1>');
    expect(html).toContain('<main id="main">');
    expect(html).toMatch(/value="approve"[^>]*>Aprovar</);
    expect(html).toMatch(/value="decline"[^>]*>Recusar</);
    expect(html).toMatch(/value="cancel"[^>]*>Cancelar</);
    expect(html).toContain('•••• 1111');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("form-action 'self' https://shop.example");
    expect(csp).toContain("default-src 'none'");
    expect((await app.request('/mock-bank/bank.css')).headers.get('content-type')).toContain('text/css');
  });

  it('Approve authorises and redirects to urlSuccess; the page then says it was answered', async () => {
    const { token, transaction } = await threeDS();
    const answer = await decide(token, 'approve');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(threeDSRequestSample.threeDSecure.urlSuccess);
    const read = await app.request(`/v1/transactions/${transaction.id}`, { headers: auth });
    expect(transactionSchema.parse(await read.json()).status).toBe('authorized');
    const again = await app.request(`/mock-bank/challenge?token=${token}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(await again.text()).toContain('Already answered');
    expect((await decide(token, 'decline')).status).toBe(409);
  });

  it.each([
    ['decline', 'refused'],
    ['cancel', 'canceled'],
  ])(
    '%s redirects to urlFail, the transaction %s (the checkout tells them apart)',
    async (decision, status) => {
      const { transaction, token } = await threeDS();
      const answer = await decide(token, decision);
      expect(answer.headers.get('location')).toBe(threeDSRequestSample.threeDSecure.urlFail);
      const read = await app.request(`/v1/transactions/${transaction.id}`, { headers: auth });
      expect(transactionSchema.parse(await read.json()).status).toBe(status);
    },
  );

  it('the test card whose challenge fails is refused even when approved', async () => {
    const { token } = await threeDS('4000000000003220');
    expect((await decide(token, 'approve')).headers.get('location')).toBe(
      threeDSRequestSample.threeDSecure.urlFail,
    );
  });

  it('an unknown token is a 404 page; a bad decision re-shows the page', async () => {
    const page = await app.request('/mock-bank/challenge?token=nope');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('não é válido');
    const { token } = await threeDS();
    expect((await decide(token, 'maybe')).status).toBe(400);
  });
});

describe('mock gateway transport failures over a real socket', () => {
  let server: ServerType;
  let client: GatewayClient;

  beforeAll(async () => {
    const { Hono } = await import('hono');
    const root = new Hono();
    root.route('/__mock-gateway', app);
    server = await new Promise((resolve) => {
      const started = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__mock-gateway`;
    client = createGatewayClient({ baseUrl: base, token: 't', timeoutMs: 500 });
  });
  afterAll(async () => {
    await client.close();
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function withHolder(name: string): TransactionRequest {
    return {
      ...cardRequestSample,
      card: { ...cardRequestSample.card, card_holder_name: name },
    } as TransactionRequest;
  }

  it.each([
    ['NETWORK ERROR', 'network'],
    ['SERVER ERROR', 'server'],
    ['GATEWAY TIMEOUT', 'server'],
    ['SLOW GATEWAY', 'timeout'],
  ])('%s → %s, the outcome unknown', async (holder, kind) => {
    const error = await client.createTransaction(withHolder(holder)).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind, outcomeUnknown: true });
  });
});

describe('the mock controls refuse other sites', () => {
  it('a cross-site form post is a 403 and changes nothing; the same site and scripts are let through', async () => {
    const webhooks = createMockWebhooks({ url: 'http://in-process/webhooks', send: () => Promise.resolve() });
    const control = createMockGatewayApp({ publicBaseUrl: 'https://checkout.test/__mock-gateway', webhooks });
    const post = (headers: Record<string, string>) =>
      control.request('http://localhost:5173/control/webhooks', {
        method: 'POST',
        body: new URLSearchParams({ drop: 'on' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const refused = await post(headers);
      expect(refused.status).toBe(403);
      expect(webhooks.settings.drop).toBe(false);
    }
    expect((await post({ 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' })).status).toBe(303);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect((await post({})).status).toBe(303);
    expect(webhooks.settings.drop).toBe(true);
  });
});

describe('the designers’ control page (npm start)', () => {
  it('sets the webhook knobs from a plain form, shows what happened to each webhook, and pays a PIX code', async () => {
    const sent: string[] = [];
    const webhooks = createMockWebhooks({
      url: 'http://in-process/webhooks',
      send: (_url, body) => {
        sent.push(body);
        return Promise.resolve();
      },
    });
    try {
      const control = createMockGatewayApp({
        publicBaseUrl: 'https://checkout.test/__mock-gateway',
        webhooks,
      });
      const form = (path: string, fields: Record<string, string>) =>
        control.request(path, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const saved = await form('/control/webhooks', { drop: 'on', delayMs: '250' });
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toBe('/control/');
      expect(webhooks.settings).toEqual({ drop: true, duplicate: false, reorder: false, delayMs: 250 });

      const createPix = async () => {
        const created = await control.request('/v1/transactions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify(pixRequestSample),
        });
        return transactionSchema.parse(await created.json());
      };
      const first = await createPix();
      let page = await (await control.request('/control/')).text();
      expect(page).toContain('name="drop" checked');
      expect(page).toContain(`action="pix/${first.id}/pay"`);
      expect((await form(`/control/pix/${first.id}/pay`, {})).status).toBe(303);
      page = await (await control.request('/control/')).text();
      expect(page).toContain(`<td>${first.id}</td><td>paid</td><td>dropped</td>`);
      expect(page).not.toContain(`action="pix/${first.id}/pay"`);

      // Unticked boxes are absent from a form: everything off again; the next webhook is sent.
      await form('/control/webhooks', { delayMs: '0' });
      expect(webhooks.settings.drop).toBe(false);
      const second = await createPix();
      await form(`/control/pix/${second.id}/pay`, {});
      await webhooks.flush();
      expect(sent.map((body) => (JSON.parse(body) as { data: { id: number; status: string } }).data)).toEqual(
        [{ id: second.id, status: 'paid' }],
      );
      expect(await (await control.request('/control/')).text()).toContain(
        `<td>${second.id}</td><td>paid</td><td>sent</td>`,
      );
    } finally {
      webhooks.dispose();
    }
  });
});

describe('the designer panel’s boleto controls (npm start)', () => {
  it('lists the open boletos as JSON and pays one: it leaves the list', async () => {
    resetMockStorage();
    const control = createMockGatewayApp({ publicBaseUrl: 'https://checkout.test/__mock-gateway' });
    const created = await control.request('/v1/transactions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify(
        toGatewayBoleto(
          {
            amount: 15090,
            due_date: '2030-01-15',
            instructions: [],
            reference: 'order-1',
            payer: {
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
            },
          },
          [],
        ),
      ),
    });
    const boleto = transactionSchema.parse(await created.json());
    const open = async () =>
      ((await (await control.request('/control/boletos')).json()) as { id: number }[]).map((t) => t.id);
    expect(await open()).toEqual([boleto.id]);
    const paid = await control.request(`/control/boleto/${boleto.id}/pay`, { method: 'POST' });
    expect(transactionSchema.parse(await paid.json()).status).toBe('paid');
    expect(await open()).toEqual([]);
    expect((await control.request(`/control/boleto/${boleto.id}/expire`, { method: 'POST' })).status).toBe(
      404,
    );
  });
});

describe('moving the mock’s calendar forward (the control page)', () => {
  beforeEach(() => resetMockStorage());

  it('moves it by whole days from a plain form, tells the checkout, shows it, and goes back to today', async () => {
    let told = 0;
    const control = createMockGatewayApp({
      publicBaseUrl: 'https://checkout.test/__mock-gateway',
      onTimeMoved: () => {
        told += 1;
      },
    });
    const form = (days: string) =>
      control.request('/control/time', {
        method: 'POST',
        body: new URLSearchParams({ days }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const before = Date.now();
    const moved = await form('30');
    expect(moved.status).toBe(303);
    expect(told).toBe(1);
    expect(loadSettings().gatewayDaysAhead).toBe(30);
    expect(mockGatewayNow() - before).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(await (await control.request('/control/')).text()).toContain('Moved 30 days forward.');
    expect((await form('401')).status).toBe(400);
    expect((await form('soon')).status).toBe(400);
    expect(told).toBe(1);
    await form('0');
    expect(loadSettings().gatewayDaysAhead).toBe(0);
    expect(await (await control.request('/control/')).text()).toContain('On today.');
  });
});
