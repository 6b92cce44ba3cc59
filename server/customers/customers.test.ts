import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { saveCard } from '../saved-cards/saved-card-repository.ts';
import { buildTestApp, call, orderBody, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';

const MARIA = {
  external_id: 'cust-maria',
  name: 'Maria Souza',
  email: 'maria@example.com',
  document: { type: 'cpf' as const, number: '12345678909' },
  phone: '+5511987654321',
  address: { street: 'Rua A', street_number: '10', zipcode: '01001000', city: 'São Paulo', state: 'SP' },
};

describe.each(BOTH_DRIVERS)('customers (%s)', (driver) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    t = buildTestApp({ db: database.db });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    t.clock.offsetMs = 0;
  });

  async function session(customer: Record<string, unknown>, reference: string): Promise<string> {
    const created = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: orderBody({ reference, customer }),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return (created.json as { id: string }).id;
  }

  /** A payment as the gateway answered it: its customer, billing and card holder are personal data. */
  async function payment(sessionId: string, id: string, status: string): Promise<void> {
    const response = {
      id: Number(id.replace(/\D/g, '')) || 1,
      status,
      amount: 16590,
      payment_method: 'credit_card',
      ip_address: '198.51.100.7',
      customer: { name: 'Maria Souza', email: 'maria@example.com', documents: [{ number: '12345678909' }] },
      billing: { name: 'Maria Souza', address: { street: 'Rua A' } },
      card: { card_holder_name: 'MARIA SOUZA', last_digits: '1111' },
    };
    await database.db.execute(
      sql`insert into payment_attempts (id, session_id, payment_method, amount, installments, status, customer_document,
            payer_name, payer_email, gateway_response, captured_amount, created_at, updated_at)
          values (${id}, ${sessionId}, 'credit_card', 16590, 1, ${status}, '12345678909', 'Maria Souza',
            'maria@example.com', ${JSON.stringify(response)}::jsonb,
            ${status === 'paid' ? 16590 : 0}, now(), now())`,
    );
  }

  it('lists and finds customers by e-mail and CPF, with cursor pages; their payments and saved cards', async () => {
    const first = await session(MARIA, 'order-1');
    t.clock.offsetMs = 1_000;
    await session({ external_id: 'cust-joao', name: 'João', email: 'joao@example.com' }, 'order-2');
    t.clock.offsetMs = 2_000;
    await session({ ...MARIA, name: 'Maria S. Souza' }, 'order-3');
    await payment(first, 'pa_1', 'paid');
    await saveCard(
      database.db,
      'cust-maria',
      { cardId: 77, brand: 'visa', firstDigits: '411111', lastDigits: '1111', holderName: 'MARIA SOUZA' },
      first,
      t.deps.now(),
    );

    const all = await call(t.app, 'GET', '/api/v1/customers?limit=1', { key: TEST_KEY });
    const page1 = all.json as { data: { id: string; name: string; sessions: number }[]; next_cursor: string };
    expect(page1.data).toEqual([
      expect.objectContaining({ id: 'cust-maria', name: 'Maria S. Souza', sessions: 2 }),
    ]);
    const next = await call(t.app, 'GET', `/api/v1/customers?limit=1&starting_after=${page1.next_cursor}`, {
      key: TEST_KEY,
    });
    expect((next.json as { data: { id: string }[]; has_more: boolean }).data.map((row) => row.id)).toEqual([
      'cust-joao',
    ]);
    const byEmail = await call(t.app, 'GET', '/api/v1/customers?email=MARIA@example.com', { key: TEST_KEY });
    expect((byEmail.json as { data: { id: string }[] }).data.map((row) => row.id)).toEqual(['cust-maria']);
    const byCpf = await call(t.app, 'GET', '/api/v1/customers?document=123.456.789-09', { key: TEST_KEY });
    expect((byCpf.json as { data: { id: string }[] }).data.map((row) => row.id)).toEqual(['cust-maria']);
    expect((await call(t.app, 'GET', '/api/v1/customers?document=12', { key: TEST_KEY })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/v1/customers?email=nope', { key: TEST_KEY })).status).toBe(400);

    const payments = await call(t.app, 'GET', '/api/v1/customers/cust-maria/payments', { key: TEST_KEY });
    expect((payments.json as { data: { id: string; reference: string }[] }).data).toEqual([
      expect.objectContaining({ id: 'pa_1', reference: 'order-1' }),
    ]);
    const cards = await call(t.app, 'GET', '/api/v1/customers/cust-maria/cards', { key: TEST_KEY });
    expect((cards.json as { data: { id: number }[] }).data.map((card) => card.id)).toEqual([77]);
    const removed = await call(t.app, 'DELETE', '/api/v1/customers/cust-maria/cards/77', { key: TEST_KEY });
    expect(removed.json).toEqual({ id: 77, object: 'saved_card', deleted: true });
    expect((await call(t.app, 'GET', '/api/v1/customers/nobody', { key: TEST_KEY })).status).toBe(404);
  });

  it('erases a customer: cards gone, personal data anonymised, amounts kept, one customer.erased event; idempotent', async () => {
    const id = await session(MARIA, 'order-1');
    await payment(id, 'pa_1', 'paid');
    await saveCard(
      database.db,
      'cust-maria',
      { cardId: 77, brand: 'visa', firstDigits: '411111', lastDigits: '1111', holderName: 'MARIA SOUZA' },
      id,
      t.deps.now(),
    );
    // The session can still be paid: refused, nothing changed.
    const open = await call(t.app, 'POST', '/api/v1/customers/cust-maria/erase', { key: TEST_KEY });
    expect(open.status).toBe(409);
    expect(JSON.stringify(open.json)).toContain('customer_has_open_session');
    t.clock.offsetMs = 48 * 3_600_000;

    const erased = await call(t.app, 'POST', '/api/v1/customers/cust-maria/erase', { key: TEST_KEY });
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    expect(erased.json).toMatchObject({
      already_erased: false,
      sessions_anonymised: 1,
      payments_anonymised: 1,
      saved_cards_removed: 1,
    });
    const everything = JSON.stringify(
      await queryRows(
        database.db,
        sql`select s.customer, a.gateway_response, a.customer_document, a.payer_name, a.payer_email, a.amount,
              a.status, a.captured_amount
            from checkout_sessions s join payment_attempts a on a.session_id = s.id`,
      ),
    );
    for (const personal of [
      'Maria',
      'MARIA',
      'maria@example.com',
      '12345678909',
      '5511987654321',
      'Rua A',
      '198.51.100.7',
    ])
      expect(everything).not.toContain(personal);
    const [kept] = await queryRows(
      database.db,
      sql`select amount, status, captured_amount from payment_attempts`,
    );
    expect(kept).toMatchObject({ amount: 16590, status: 'paid', captured_amount: 16590 });
    expect(await queryRows(database.db, sql`select * from saved_cards`)).toHaveLength(0);
    const events = await queryRows(
      database.db,
      sql`select type, payload from outbox_events where type = 'customer.erased'`,
    );
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]?.payload)).toContain('cust-maria');

    const again = await call(t.app, 'POST', '/api/v1/customers/cust-maria/erase', { key: TEST_KEY });
    expect(again.json).toMatchObject({ already_erased: true, event_id: null });
    expect(
      await queryRows(database.db, sql`select 1 from outbox_events where type = 'customer.erased'`),
    ).toHaveLength(1);
    const view = await call(t.app, 'GET', '/api/v1/customers/cust-maria', { key: TEST_KEY });
    expect(view.json).toMatchObject({ id: 'cust-maria', name: null, email: null, erased: true });
  });

  it('refuses erasure with a 409 while a payment may still take money', async () => {
    const id = await session(MARIA, 'order-1');
    await payment(id, 'pa_2', 'waiting_payment');
    t.clock.offsetMs = 48 * 3_600_000;
    const refused = await call(t.app, 'POST', '/api/v1/customers/cust-maria/erase', { key: TEST_KEY });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.json)).toContain('customer_has_open_payment');
    const [row] = await queryRows(
      database.db,
      sql`select customer->>'email' as email from checkout_sessions`,
    );
    expect(row?.email).toBe('maria@example.com');
    expect((await call(t.app, 'POST', '/api/v1/customers/nobody/erase', { key: TEST_KEY })).status).toBe(404);
  });
});
