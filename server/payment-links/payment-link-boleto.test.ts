import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boletoResultSchema } from '../../contract/boleto/boleto-model.ts';
import { addBusinessDays, saoPauloDate } from '../../contract/boleto/business-days.ts';
import { publicSessionSchema } from '../../contract/checkout-session.ts';
import { checkoutSessions } from '../db/schema.ts';
import { boletoEnabled } from '../env.ts';
import { call, parameterNames, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { createTestLink, linkBody, linkPage, visitLink } from '../test/payment-link-helpers.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import type { TestGateway } from '../test/test-gateway.ts';
import { createLink } from './create-link.ts';
import { offeredMethods, settingsOf } from './link-settings.ts';

const PAYER = {
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

describe.each(DRIVERS)('payment links offer boleto (%s)', (driver) => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  suiteApp(driver, {}, (s) => ({ database, gateway, t } = s));

  it('a link with boleto: its page names it, its session offers it with the link’s due date and instructions, and issues one', async () => {
    const link = await createTestLink(t.app, {
      methods: ['credit_card', 'pix', 'boleto'],
      boleto: { due_in_business_days: 5, instructions: ['Não receber após o vencimento'] },
    });
    expect(link).toMatchObject({
      methods: ['credit_card', 'pix', 'boleto'],
      boleto: { due_in_business_days: 5, instructions: ['Não receber após o vencimento'] },
    });
    const page = await linkPage(t.app, `/l/${link.code}`);
    expect(page.html).toContain('cartão de crédito, PIX ou boleto');

    const visit = await visitLink(t.app, link.code);
    expect(visit.status).toBe(303);
    const [row] = await database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, visit.sessionId ?? ''));
    expect(row).toMatchObject({
      paymentLinkId: link.id,
      methods: ['credit_card', 'pix', 'boleto'],
      boleto: { due_in_business_days: 5, instructions: ['Não receber após o vencimento'] },
    });
    const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${visit.sessionId}`)).json);
    expect(shopper.order?.methods).toEqual(['credit_card', 'pix', 'boleto']);

    const issued = await call(t.app, 'POST', `/api/pay/${visit.sessionId}/boleto`, {
      body: { payer: PAYER },
    });
    expect(issued.status).toBe(200);
    const boleto = boletoResultSchema.parse(issued.json);
    expect(boleto.due_date).toBe(addBusinessDays(saoPauloDate(new Date()), 5));
    const sent = gateway.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/v1/transactions'),
    );
    expect(JSON.parse(String(sent?.body))).toMatchObject({
      payment_method: 'boleto',
      amount: boleto.amount,
      boleto_instructions: 'Não receber após o vencimento',
    });
  }, 30_000);

  it('a link without boleto keeps no boleto options and its sessions offer card and PIX only', async () => {
    const link = await createTestLink(t.app, {
      methods: ['credit_card', 'pix'],
      boleto: { due_in_business_days: 5 },
    });
    expect(link.boleto).toBeNull();
    const visit = await visitLink(t.app, link.code);
    const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${visit.sessionId}`)).json);
    expect(shopper.order?.methods).toEqual(['credit_card', 'pix']);
    const refused = await call(t.app, 'POST', `/api/pay/${visit.sessionId}/boleto`, {
      body: { payer: PAYER },
    });
    expect(refused.status).toBe(400);
  });
});

describe.each(DRIVERS)('payment links with boleto off (%s)', (driver) => {
  let t: TestApp;
  suiteApp(driver, { boletoEnabled: false }, (s) => ({ t } = s));

  it('a link that asks for boleto gets a 400 naming methods; nothing is created', async () => {
    const result = await call(t.app, 'POST', '/api/v1/payment-links', {
      key: TEST_KEY,
      body: linkBody({ methods: ['pix', 'boleto'] }),
    });
    expect(result.status).toBe(400);
    expect(parameterNames(result.json)).toEqual(['methods']);
    const list = await call(t.app, 'GET', '/api/v1/payment-links', { key: TEST_KEY });
    expect((list.json as { data: unknown[] }).data).toHaveLength(0);
  });

  it('the rule is the use case’s: a console user’s link asking for boleto is refused alike', async () => {
    const result = await createLink(t.deps.db, linkBody({ methods: ['boleto'] }), {
      now: t.deps.now(),
      publicUrl: t.deps.publicUrl,
      actor: { userId: 'usr_bia', email: 'bia@loja.test' },
      boletoOn: boletoEnabled(t.deps.env),
    });
    expect(result).toMatchObject({ kind: 'invalid', parameter: 'methods' });
    const list = await call(t.app, 'GET', '/api/v1/payment-links', { key: TEST_KEY });
    expect((list.json as { data: unknown[] }).data).toHaveLength(0);
  });
});

describe('a link made while boleto was on, once it is off', () => {
  it('offers its other methods; a link of boleto alone keeps it (its checkout then refuses it clearly)', () => {
    const both = settingsOf(linkBody({ methods: ['pix', 'boleto'] }));
    expect(offeredMethods(both, true)).toEqual(['pix', 'boleto']);
    expect(offeredMethods(both, false)).toEqual(['pix']);
    expect(offeredMethods(settingsOf(linkBody({ methods: ['boleto'] })), false)).toEqual(['boleto']);
  });
});
