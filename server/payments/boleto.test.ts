import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boletoResultSchema, type BoletoPayer } from '../../contract/boleto/boleto-model.ts';
import { addBusinessDays, saoPauloDate } from '../../contract/boleto/business-days.ts';
import {
  buildBarcode,
  formatDigitableLine,
  isValidBarcode,
  isValidDigitableLine,
  lineOfBarcode,
} from '../../contract/boleto/check-digits.ts';
import { boletoTransactionRequestSchema } from '../../contract/gateway/boleto-transaction.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { expireBoletoNow, payBoleto } from '../../mock-core/gateway.ts';
import { queryRows } from '../db/query-rows.ts';
import { boletoEnabled, serverEnvSchema } from '../env.ts';
import { isPaidLate, toBoletoResult, toGatewayBoleto } from '../gateway/boleto-adapter.ts';
import { reconcileOnce } from '../jobs/reconcile.ts';
import { findSession } from '../sessions/session-repository.ts';
import { eventTypes, WEBHOOK_SECRET } from '../test/lifecycle-helpers.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import type { TestGateway } from '../test/test-gateway.ts';
import { call, createTestSession, parameterNames, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { listAttempts } from './attempt-repository.ts';
import { openBoletoScenario } from '../mock-gateway/boleto-scenarios.ts';

const PAYER: BoletoPayer = {
  name: 'Maria Silva',
  document: { type: 'cpf', number: '12345678909' },
  email: 'maria@example.com',
  address: {
    street: 'Avenida Paulista',
    street_number: '1000',
    complement: 'apto 12',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    zipcode: '01310100',
  },
};
const DAY = 86_400_000;

describe('the boleto adapter', () => {
  const request = {
    amount: 16590,
    due_date: '2026-12-01',
    instructions: ['Não receber após o vencimento', 'Pedido order-1001'],
    payer: PAYER,
    reference: 'order-1001',
  };

  it('maps the normalised request to the gateway’s boleto form of POST /v1/transactions', () => {
    const items = [{ title: 'Tênis', unit_price: 16590, quantity: 1, tangible: true, external_id: 'pa_x' }];
    const wire = toGatewayBoleto(request, items);
    expect(boletoTransactionRequestSchema.safeParse(wire).success).toBe(true);
    expect(wire).toEqual({
      payment_method: 'boleto',
      amount: 16590,
      boleto_expiration_date: '2026-12-01',
      boleto_instructions: 'Não receber após o vencimento\nPedido order-1001',
      customer: {
        external_id: 'order-1001',
        name: 'Maria Silva',
        type: 'individual',
        country: 'br',
        email: 'maria@example.com',
        documents: [{ type: 'cpf', number: '12345678909' }],
      },
      billing: {
        name: 'Maria Silva',
        address: {
          country: 'br',
          street: 'Avenida Paulista',
          street_number: '1000',
          complementary: 'apto 12',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          zipcode: '01310100',
        },
      },
      items,
    });
    const company = toGatewayBoleto(
      {
        ...request,
        instructions: [],
        payer: { ...PAYER, document: { type: 'cnpj', number: '12ABC34501DE35' } },
      },
      [],
    );
    expect(company.customer.type).toBe('corporation');
    expect(company).not.toHaveProperty('boleto_instructions');
    expect(company).not.toHaveProperty('items');
  });

  const barcode = buildBarcode({
    bank: '237',
    dueDate: '2026-12-01',
    amount: 16590,
    freeField: '3381286000000000000000400',
  });
  const transaction = (overrides: Record<string, unknown>) =>
    transactionSchema.parse({
      id: 41,
      amount: 16590,
      status: 'waiting_payment',
      created_at: '2026-11-26T10:00:00.000000Z',
      updated_at: '2026-11-26T10:00:00.000000Z',
      payment_method: 'boleto',
      boleto_url: 'https://gateway.example/boleto/41.pdf',
      boleto_barcode: formatDigitableLine(lineOfBarcode(barcode)),
      boleto_expiration_date: '2026-12-01T03:00:00.000Z',
      boleto_qr_code: '00020126…',
      ...overrides,
    });

  it('maps the gateway’s answer back: line and barcode checked, due date, PDF, hybrid PIX, state', () => {
    const result = toBoletoResult(transaction({}));
    expect(boletoResultSchema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      transaction_id: 41,
      state: 'waiting_payment',
      amount: 16590,
      barcode,
      due_date: '2026-12-01',
      pdf_url: 'https://gateway.example/boleto/41.pdf',
      pix_qr_code: '00020126…',
      paid_late: false,
    });
    expect(isValidDigitableLine(result?.digitable_line ?? '')).toBe(true);
    // The 44-digit barcode is taken as well, and the line computed from it.
    expect(toBoletoResult(transaction({ boleto_barcode: barcode }))?.digitable_line).toBe(
      lineOfBarcode(barcode),
    );
    expect(toBoletoResult(transaction({ status: 'canceled' }))?.state).toBe('expired');
    expect(toBoletoResult(transaction({ status: 'paid' }), new Date('2026-12-03T12:00:00Z'))).toMatchObject({
      state: 'paid',
      paid_late: true,
    });
    expect(toBoletoResult(transaction({ boleto_qr_code: null }))?.pix_qr_code).toBeNull();
  });

  it('never shows a number whose check digits fail, nor a boleto without its PDF or due date', () => {
    const wrong = lineOfBarcode(barcode).replace(
      /^(\d{9})(\d)/,
      (_, head: string, digit: string) => `${head}${(Number(digit) + 1) % 10}`,
    );
    expect(isValidBarcode(barcode)).toBe(true);
    expect(toBoletoResult(transaction({ boleto_barcode: wrong }))).toBeUndefined();
    expect(toBoletoResult(transaction({ boleto_url: 'javascript:alert(1)' }))).toBeUndefined();
    expect(toBoletoResult(transaction({ boleto_expiration_date: null }))).toBeUndefined();
  });

  it('is paid late only after the due date is over in São Paulo (UTC−3)', () => {
    expect(isPaidLate('2026-12-01', new Date('2026-12-02T02:59:59Z'))).toBe(false);
    expect(isPaidLate('2026-12-01', new Date('2026-12-02T03:00:00Z'))).toBe(true);
    expect(isPaidLate(null, new Date())).toBe(false);
  });
});

describe('BOLETO_ENABLED', () => {
  it('is off by default with a real gateway, on with the mock, and the setting wins', () => {
    expect(boletoEnabled(serverEnvSchema.parse({ GATEWAY_URL: 'https://api.gateway.example' }))).toBe(false);
    expect(boletoEnabled(serverEnvSchema.parse({}))).toBe(true);
    expect(
      boletoEnabled(
        serverEnvSchema.parse({ GATEWAY_URL: 'https://api.gateway.example', BOLETO_ENABLED: 'true' }),
      ),
    ).toBe(true);
    expect(boletoEnabled(serverEnvSchema.parse({ BOLETO_ENABLED: 'false' }))).toBe(false);
  });
});

describe.each(DRIVERS)('boleto off (%s)', (driver) => {
  let t: TestApp;
  suiteApp(driver, { boletoEnabled: false }, (suite) => ({ t } = suite));

  it('a session that asks for boleto gets a 400 naming methods; nothing is created', async () => {
    const result = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: {
        reference: 'order-1',
        items: [{ title: 'Livro', unit_price: 5000, quantity: 1, tangible: true }],
        methods: ['pix', 'boleto'],
      },
    });
    expect(result.status).toBe(400);
    expect(parameterNames(result.json)).toEqual(['methods']);
  });
});

describe.each(DRIVERS)('boleto lifecycle (%s)', (driver) => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  suiteApp(
    driver,
    { policy: { refreshIntervalMs: 0 }, gatewayWebhookSecret: WEBHOOK_SECRET },
    (suite) => ({ database, gateway, t } = suite),
  );

  const session = () =>
    createTestSession(t.app, {
      methods: ['credit_card', 'boleto'],
      boleto: { due_in_business_days: 2, instructions: ['Não receber após o vencimento'] },
    });
  const issue = async (id: string, payer: unknown = PAYER) =>
    call(t.app, 'POST', `/api/pay/${id}/boleto`, { body: { payer } });
  const reconcileLater = async (ms = 60_000) => {
    t.clock.offsetMs += ms;
    await reconcileOnce(t.deps);
    await t.deps.background.settled();
  };
  const payloadOf = async (sessionId: string, type: string) => {
    const rows = await queryRows(
      database.db,
      sql`select payload from outbox_events where session_id = ${sessionId} and type = ${type}`,
    );
    return rows.map((row) => row.payload as { data: { object: Record<string, unknown> } });
  };

  it('issues a valid boleto due in the session’s business days; paid at the bank, the merchant hears payment.succeeded', async () => {
    const { id, amount } = await session();
    const issued = await issue(id);
    expect(issued.status).toBe(200);
    const boleto = boletoResultSchema.parse(issued.json);
    const due = addBusinessDays(saoPauloDate(new Date()), 2);
    expect(boleto).toMatchObject({ state: 'waiting_payment', amount, due_date: due, paid_late: false });
    expect(isValidDigitableLine(boleto.digitable_line)).toBe(true);
    expect(boleto.pix_qr_code).toMatch(/^000201/);

    // What the gateway received: the adapter's form, the session's amount, due date and instructions.
    const sent = gateway.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/v1/transactions'),
    );
    expect(JSON.parse(String(sent?.body))).toMatchObject({
      payment_method: 'boleto',
      amount,
      boleto_expiration_date: due,
      boleto_instructions: 'Não receber após o vencimento',
      customer: { name: 'Maria Silva', documents: [{ type: 'cpf', number: '12345678909' }] },
      billing: { address: { zipcode: '01310100', state: 'SP' } },
    });
    expect(await eventTypes(database.db, id)).toEqual(['boleto.created']);
    const [created] = await payloadOf(id, 'boleto.created');
    expect(created?.data.object).toMatchObject({
      payment_method: 'boleto',
      status: 'waiting_payment',
      boleto: { due_date: due, paid_late: false, paid_at: null },
    });

    // Reload and Back: the page gets the same boleto, normalised.
    const page = (await call(t.app, 'GET', `/api/pay/${id}`)).json as { payment: { boleto: unknown } };
    expect(page.payment.boleto).toEqual(boleto);
    // A second request (another tab) does not issue a second boleto.
    expect((await issue(id)).status).toBe(409);

    payBoleto(String(boleto.transaction_id), Date.now());
    await reconcileLater();
    const [attempt] = await listAttempts(database.db, id);
    expect(attempt).toMatchObject({ status: 'paid', capturedAmount: amount });
    expect(await findSession(database.db, id)).toMatchObject({ status: 'complete' });
    const types = await eventTypes(database.db, id);
    expect(types).toContain('payment.succeeded');
    expect(types).toContain('checkout.session.completed');
    const payment = await call(t.app, 'GET', `/api/v1/payments/${attempt?.id ?? ''}`, { key: TEST_KEY });
    expect(payment.json).toMatchObject({
      payment_method: 'boleto',
      status: 'paid',
      captured_amount: amount,
      boleto: { due_date: due, paid_late: false },
    });
  }, 30_000);

  it('ends unpaid after its due date: boleto.expired, and the session may be paid another way', async () => {
    const { id } = await session();
    const boleto = boletoResultSchema.parse((await issue(id)).json);
    expireBoletoNow(String(boleto.transaction_id), Date.now());
    await reconcileLater();
    expect(await eventTypes(database.db, id)).toEqual(['boleto.created', 'boleto.expired']);
    const page = (await call(t.app, 'GET', `/api/pay/${id}`)).json as {
      payment: { boleto: { state: string } };
    };
    expect(page.payment.boleto.state).toBe('expired');
    expect(
      (await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() })).status,
    ).toBe(200);
  }, 30_000);

  it('paid after its due date: recorded as paid and reported as paid late', async () => {
    const { id } = await session();
    const boleto = boletoResultSchema.parse((await issue(id)).json);
    // The bank accepts it ten days later (the gateway's clock and ours).
    payBoleto(String(boleto.transaction_id), Date.now() + 10 * DAY);
    await reconcileLater(10 * DAY + 60_000);
    const [succeeded] = await payloadOf(id, 'payment.succeeded');
    expect(succeeded?.data.object).toMatchObject({
      status: 'paid',
      boleto: { due_date: boleto.due_date, paid_late: true },
    });
  }, 30_000);

  it('a card paid while the boleto is open: the boleto is withdrawn, and paid anyway it is refunded', async () => {
    const { id } = await session();
    const boleto = boletoResultSchema.parse((await issue(id)).json);
    const card = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    expect((card.json as { status: string }).status).toBe('paid');
    const withdrawn = (await listAttempts(database.db, id)).find((row) => row.paymentMethod === 'boleto');
    expect(withdrawn?.status).toBe('withdrawn');
    payBoleto(String(boleto.transaction_id), Date.now());
    await reconcileLater();
    const refunds = gateway.requests.filter((request) =>
      request.path.endsWith(`/v1/transactions/${boleto.transaction_id}/refund`),
    );
    expect(refunds).toHaveLength(1);
    const after = (await listAttempts(database.db, id)).find((row) => row.paymentMethod === 'boleto');
    expect(after?.refundReason).toBe('duplicate_payment');
  }, 30_000);

  it('refuses a payer without the address a boleto needs, naming the field, and the gateway’s form at /v1/transactions', async () => {
    const { id } = await session();
    const { address: _address, ...noAddress } = PAYER;
    const missing = await issue(id, noAddress);
    expect(missing.status).toBe(400);
    expect(parameterNames(missing.json)).toContain('payer.address');
    const direct = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, {
      body: toGatewayBoleto(
        { amount: 16590, due_date: '2030-01-02', instructions: [], payer: PAYER, reference: 'x' },
        [],
      ),
    });
    expect(direct.status).toBe(400);
    expect(parameterNames(direct.json)).toEqual(['payment_method']);
    expect(gateway.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('scenario links open a boleto open, paid or expired (npm start)', async () => {
    const stateOf = async (scenario: 'boleto-open' | 'boleto-paid' | 'boleto-expired') => {
      const url = await openBoletoScenario(t.deps, scenario);
      const id = new URL(url).pathname.split('/').at(-1) ?? '';
      const page = (await call(t.app, 'GET', `/api/pay/${id}`)).json as {
        status: string;
        payment: { boleto: { state: string } };
      };
      return [page.status, page.payment.boleto.state];
    };
    expect(await stateOf('boleto-open')).toEqual(['open', 'waiting_payment']);
    expect(await stateOf('boleto-paid')).toEqual(['complete', 'paid']);
    expect(await stateOf('boleto-expired')).toEqual(['open', 'expired']);
  }, 30_000);

  it('a session without boleto refuses one (400 naming payment_method), nothing sent', async () => {
    const { id } = await createTestSession(t.app);
    const result = await issue(id);
    expect(result.status).toBe(400);
    expect(parameterNames(result.json)).toEqual(['payment_method']);
    expect(gateway.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
