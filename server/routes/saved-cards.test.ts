import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  checkoutSessionSchema,
  publicSessionSchema,
  type CreateSessionRequest,
} from '../../contract/checkout-session.ts';
import { feeSimulationResponseSchema } from '../../contract/gateway/fee-simulation.ts';
import { transactionSchema } from '../../contract/gateway/transaction.ts';
import { savedCardCreatedSchema, savedCardListSchema } from '../../contract/saved-cards.ts';
import { queryRows } from '../db/query-rows.ts';
import { CARD, cardPayment, threeDSPayment } from '../test/payment-bodies.ts';
import {
  call,
  createTestSession,
  orderBody,
  parameterNames,
  TEST_KEY,
  type TestApp,
} from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';
import { type TestGateway } from '../test/test-gateway.ts';

const MARIA = { external_id: 'cust_maria', name: 'Maria Silva' };
const JOAO = { external_id: 'cust_joao', name: 'João Souza' };

const pay = (sid: string) => `/api/pay/${sid}/v1/transactions`;
const cards = (sid: string) => `/api/pay/${sid}/cards`;
const customerCards = (customer: string) => `/api/v1/customers/${customer}/cards`;

describe.each(BOTH_DRIVERS)('saved cards (%s)', (driver) => {
  let database: TestDatabase, gateway: TestGateway, t: TestApp;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ database, gateway, t } = s));
  beforeEach(() => {
    gateway.reset();
  });

  function session(overrides: Partial<CreateSessionRequest> = {}) {
    return createTestSession(t.app, { customer: MARIA, save_cards: true, ...overrides });
  }

  async function savedRows() {
    // Every column, the bigint read as a number (postgres-js returns bigints as strings).
    return queryRows(
      database.db,
      sql`select customer_external_id, card_id::integer as card_id, brand, first_digits, last_digits,
                 holder_name, session_id, created_at
          from saved_cards order by card_id`,
    );
  }

  /** Pays with consent on a new session of Maria's and answers the saved card's id. */
  async function saveMariasCard(card: Record<string, string> = CARD): Promise<number> {
    const { id } = await session();
    const paid = await call(t.app, 'POST', pay(id), { body: { ...cardPayment({ card }), save_card: true } });
    expect(paid.status).toBe(200);
    const cardId = transactionSchema.parse(paid.json).card?.card_id;
    if (cardId === undefined) throw new Error('the gateway returned no card_id');
    return cardId;
  }

  it('with consent, a paid card is kept: only its id, brand, first/last digits and holder name', async () => {
    const cardId = await saveMariasCard();
    const sent = JSON.parse(gateway.posts()[0]?.body ?? '{}') as Record<string, unknown>;
    // The consent is ours: the gateway never sees it.
    expect(sent).not.toHaveProperty('save_card');

    expect(await savedRows()).toEqual([
      expect.objectContaining({
        customer_external_id: 'cust_maria',
        card_id: cardId,
        brand: 'visa',
        first_digits: '411111',
        last_digits: '1111',
        holder_name: 'MARIA SILVA',
      }),
    ]);
    // Nothing of the card but those, anywhere in the database.
    const dump = JSON.stringify(
      await Promise.all(
        ['saved_cards', 'payment_attempts', 'payment_events', 'outbox_events', 'checkout_sessions'].map(
          (table) => queryRows(database.db, sql`select * from ${sql.identifier(table)}`),
        ),
      ),
    );
    expect(dump).not.toContain(CARD.card_number);
    expect(dump).not.toContain(CARD.card_cvv);
    expect(dump).not.toContain(CARD.card_expiration_date);
  });

  it('without consent nothing is kept; a session that saves no cards refuses the consent', async () => {
    const { id } = await session();
    expect((await call(t.app, 'POST', pay(id), { body: cardPayment() })).status).toBe(200);
    const explicit = await session();
    const unticked = await call(t.app, 'POST', pay(explicit.id), {
      body: { ...cardPayment(), save_card: false },
    });
    expect(unticked.status).toBe(200);
    expect(await savedRows()).toEqual([]);

    const plain = await createTestSession(t.app, { customer: MARIA });
    gateway.clearRequests();
    const refused = await call(t.app, 'POST', pay(plain.id), { body: { ...cardPayment(), save_card: true } });
    expect(refused.status).toBe(400);
    expect(parameterNames(refused.json)).toEqual(['save_card']);
    expect(gateway.requests).toHaveLength(0);
  });

  it('a refused card is not kept, even with consent', async () => {
    const { id } = await session();
    const refused = await call(t.app, 'POST', pay(id), {
      body: { ...cardPayment({ card: { ...CARD, card_number: '4000000000000002' } }), save_card: true },
    });
    expect(transactionSchema.parse(refused.json).status).toBe('refused');
    expect(await savedRows()).toEqual([]);
  });

  it('a returning customer sees the card with the session and pays with card_id (top-level, no card)', async () => {
    const cardId = await saveMariasCard();
    const { id } = await session();
    const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
    expect(shopper.save_cards).toBe(true);
    expect(shopper.saved_cards).toEqual([
      expect.objectContaining({ id: cardId, brand: 'visa', first_digits: '411111', last_digits: '1111' }),
    ]);
    gateway.clearRequests();
    const { card: _card, ...withoutCard } = cardPayment();
    const paid = await call(t.app, 'POST', pay(id), { body: { ...withoutCard, card_id: cardId } });
    expect(paid.status).toBe(200);
    expect(transactionSchema.parse(paid.json).status).toBe('paid');
    const sent = JSON.parse(gateway.posts()[0]?.body ?? '{}') as Record<string, unknown>;
    expect(sent.card_id).toBe(cardId);
    expect(sent).not.toHaveProperty('card');
    expect(gateway.posts()).toHaveLength(1);
  });

  it('customer-paid fees: a saved card is priced by its own network; one outside the fee table is refused', async () => {
    const amex = { ...CARD, card_number: '378282246310005', card_cvv: '7391' };
    const discover = { ...CARD, card_number: '6011111111111117', card_cvv: '739' };
    const amexId = await saveMariasCard(amex);
    const discoverId = await saveMariasCard(discover);
    const { id, amount } = await session({ fees_paid_by: 'customer', max_installments: 6 });
    const grossOf = async (brand: string) => {
      const simulated = await call(t.app, 'POST', `/api/pay/${id}/v1/simulate/tax`, {
        body: { brand, installments: 3, amount, fee_responsible: 'customer' },
      });
      return Math.round(feeSimulationResponseSchema.parse(simulated.json).grossAmount * 100);
    };
    const [amexGross, visaGross] = [await grossOf('amex'), await grossOf('visa')];
    expect(amexGross).not.toBe(visaGross);
    const { card: _card, ...withoutCard } = cardPayment({ installments: 3 });
    gateway.clearRequests();

    // Visa's price for an Amex card: refused, naming the amount, nothing sent.
    const cheaper = await call(t.app, 'POST', pay(id), {
      body: { ...withoutCard, amount: visaGross, card_id: amexId },
    });
    expect(cheaper.status).toBe(400);
    expect(parameterNames(cheaper.json)).toEqual(['amount']);
    // A network the fee table does not list: a clear error naming the card, never another network's price.
    const unpriced = await call(t.app, 'POST', pay(id), {
      body: { ...withoutCard, amount: visaGross, card_id: discoverId },
    });
    expect(unpriced.status).toBe(400);
    expect(parameterNames(unpriced.json)).toEqual(['card_id']);
    expect(gateway.posts()).toHaveLength(0);

    const paid = await call(t.app, 'POST', pay(id), {
      body: { ...withoutCard, amount: amexGross, card_id: amexId },
    });
    expect(paid.status).toBe(200);
    expect(JSON.parse(gateway.posts()[0]?.body ?? '{}')).toMatchObject({
      amount: amexGross,
      card_id: amexId,
    });
  });

  it('a saved card follows its test card: saved from an approved card, then the 3DS bank approves it', async () => {
    const cardId = await saveMariasCard();
    const { id } = await session({ three_ds: 'required' });
    const { card: _card, ...withoutCard } = threeDSPayment(id);
    const started = transactionSchema.parse(
      (await call(t.app, 'POST', pay(id), { body: { ...withoutCard, card_id: cardId } })).json,
    );
    expect(started.status).toBe('processing');
    const token = new URL(started.threeDSecure?.url ?? '').searchParams.get('token') ?? '';
    await fetch(`${gateway.url}/mock-bank/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'approve' }),
      redirect: 'manual',
    });
    const reread = transactionSchema.parse((await call(t.app, 'GET', `${pay(id)}/${started.id}`)).json);
    expect(reread.status).toBe('paid');
  });

  it('3DS with consent: the card is kept when the bank authorises, recorded with that status', async () => {
    const { id } = await session({ three_ds: 'required' });
    const started = transactionSchema.parse(
      (await call(t.app, 'POST', pay(id), { body: { ...threeDSPayment(id), save_card: true } })).json,
    );
    expect(await savedRows()).toEqual([]);
    const token = new URL(started.threeDSecure?.url ?? '').searchParams.get('token') ?? '';
    await fetch(`${gateway.url}/mock-bank/challenge`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'approve' }),
      redirect: 'manual',
    });
    await call(t.app, 'GET', `${pay(id)}/${started.id}`);
    expect(await savedRows()).toEqual([
      expect.objectContaining({ customer_external_id: 'cust_maria', card_id: started.card?.card_id }),
    ]);
  });

  it("another customer's session never sees or uses the card; a forged id is refused alike", async () => {
    const cardId = await saveMariasCard();
    const joao = await session({ customer: JOAO });
    const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${joao.id}`)).json);
    expect(shopper.saved_cards).toEqual([]);
    expect(savedCardListSchema.parse((await call(t.app, 'GET', cards(joao.id))).json).data).toEqual([]);

    gateway.clearRequests();
    const { card: _card, ...withoutCard } = cardPayment();
    for (const forged of [cardId, cardId + 1, 999_999]) {
      const refused = await call(t.app, 'POST', pay(joao.id), { body: { ...withoutCard, card_id: forged } });
      expect(refused.status).toBe(400);
      expect(apiErrorBodySchema.parse(refused.json).errors).toEqual([
        expect.objectContaining({ parameter_name: 'card_id', type: 'invalid_card' }),
      ]);
    }
    // Both a card and a card_id: refused, and the answer names the field.
    const both = await call(t.app, 'POST', pay(joao.id), { body: { ...cardPayment(), card_id: cardId } });
    expect(both.status).toBe(400);
    expect(apiErrorBodySchema.parse(both.json).errors).toEqual([
      expect.objectContaining({ parameter_name: 'card_id', type: 'invalid_parameter' }),
    ]);
    // Maria's own session without saved cards allowed may not use it either.
    const plain = await createTestSession(t.app, { customer: MARIA });
    const plainRefused = await call(t.app, 'POST', pay(plain.id), {
      body: { ...withoutCard, card_id: cardId },
    });
    expect(plainRefused.status).toBe(400);
    expect(gateway.requests).toHaveLength(0);
    // And João cannot remove it.
    expect((await call(t.app, 'DELETE', `${cards(joao.id)}/${cardId}`)).status).toBe(404);
    expect(await savedRows()).toHaveLength(1);
  });

  it('the shopper removes a saved card; the next session no longer shows it', async () => {
    const cardId = await saveMariasCard();
    const { id } = await session();
    const removed = await call(t.app, 'DELETE', `${cards(id)}/${cardId}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: cardId, object: 'saved_card', deleted: true });
    expect((await call(t.app, 'DELETE', `${cards(id)}/${cardId}`)).status).toBe(404);
    const next = await session();
    expect(
      publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${next.id}`)).json).saved_cards,
    ).toEqual([]);
    expect(await savedRows()).toEqual([]);
  });

  it('a complete or expired session lists no cards at /cards, as its page shows none, even cards saved since', async () => {
    const listed = async (sid: string) => {
      const answer = await call(t.app, 'GET', cards(sid));
      expect(answer.status).toBe(200);
      return { data: savedCardListSchema.parse(answer.json).data, text: JSON.stringify(answer.json) };
    };
    const expiredByMerchant = await session();
    const expiredByClock = await session({ expires_in_minutes: 5 });
    // Paying with consent completes this session and saves the card in it.
    const first = await saveMariasCard();
    const [complete] = await queryRows(database.db, sql`select session_id from saved_cards`);
    const completeId = String(complete?.session_id);
    expect((await listed(expiredByMerchant.id)).data.map((card) => card.id)).toEqual([first]);
    expect(
      (
        await call(t.app, 'POST', `/api/v1/checkout-sessions/${expiredByMerchant.id}/expire`, {
          key: TEST_KEY,
        })
      ).status,
    ).toBe(200);
    // Saved later, in another session.
    const second = await saveMariasCard({ ...CARD, card_number: '5555555555554444' });
    t.clock.offsetMs = 6 * 60_000;
    const open = await session();
    expect((await listed(open.id)).data.map((card) => card.id).sort()).toEqual([first, second].sort());

    for (const closed of [completeId, expiredByMerchant.id, expiredByClock.id]) {
      const shown = await listed(closed);
      expect(shown.data).toEqual([]);
      // No holder name, first six or last four of either card.
      for (const fact of ['MARIA', '411111', '555555', '1111', '4444'])
        expect(shown.text).not.toContain(fact);
      const page = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${closed}`)).json);
      expect(page.status === 'complete' || page.status === 'expired').toBe(true);
      expect(page.saved_cards).toEqual([]);
      // Nor can a closed session remove them.
      expect((await call(t.app, 'DELETE', `${cards(closed)}/${first}`)).status).toBe(410);
    }
    expect(await savedRows()).toHaveLength(2);
  });

  it("merchant API: a customer's cards listed and deleted with the secret key only", async () => {
    const first = await saveMariasCard();
    const second = await saveMariasCard({ ...CARD, card_number: '5555555555554444' });
    expect((await call(t.app, 'GET', customerCards('cust_maria'))).status).toBe(401);
    const listed = savedCardListSchema.parse(
      (await call(t.app, 'GET', customerCards('cust_maria'), { key: TEST_KEY })).json,
    );
    expect(listed.data.map((card) => card.id).sort()).toEqual([first, second].sort());
    expect(listed.data.find((card) => card.id === second)).toMatchObject({
      brand: 'mastercard',
      last_digits: '4444',
    });
    expect(
      savedCardListSchema.parse(
        (await call(t.app, 'GET', customerCards('cust_joao'), { key: TEST_KEY })).json,
      ).data,
    ).toEqual([]);

    expect(
      (await call(t.app, 'DELETE', `${customerCards('cust_joao')}/${first}`, { key: TEST_KEY })).status,
    ).toBe(404);
    const deleted = await call(t.app, 'DELETE', `${customerCards('cust_maria')}/${first}`, { key: TEST_KEY });
    expect(deleted.status).toBe(200);
    expect((await savedRows()).map((row) => row.card_id)).toEqual([second]);
  });

  it('session rules: save_cards needs customer.external_id; setup takes no items', async () => {
    const noCustomer = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: orderBody({ save_cards: true }),
    });
    expect(noCustomer.status).toBe(400);
    expect(parameterNames(noCustomer.json)).toContain('customer.external_id');
    const setupWithItems = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: orderBody({ mode: 'setup', customer: MARIA }),
    });
    expect(setupWithItems.status).toBe(400);
    const setup = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: { reference: 'save-1', mode: 'setup', customer: MARIA },
    });
    expect(setup.status).toBe(201);
    expect(checkoutSessionSchema.parse(setup.json)).toMatchObject({
      mode: 'setup',
      amount: 0,
      save_cards: true,
    });
  });

  describe('a "save a card" session (mode setup, POST /v1/cards)', () => {
    async function setupSession(): Promise<string> {
      const created = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
        key: TEST_KEY,
        body: { reference: 'save-1', mode: 'setup', customer: MARIA },
      });
      return checkoutSessionSchema.parse(created.json).id;
    }
    const save = (sid: string) => `/api/pay/${sid}/v1/cards`;
    // A Visa's security code has three digits: the gateway checks it when a card is stored.
    const VISA = { ...CARD, card_cvv: '739' };

    it('saves the card the gateway created, completes the session and tells the merchant', async () => {
      const sid = await setupSession();
      const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${sid}`)).json);
      expect(shopper).toMatchObject({ mode: 'setup', order: null });
      const created = await call(t.app, 'POST', save(sid), { body: VISA });
      expect(created.status).toBe(201);
      const { card } = savedCardCreatedSchema.parse(created.json);
      expect(card).toMatchObject({ brand: 'visa', first_digits: '411111', last_digits: '1111' });
      const sent = gateway.requests.filter((request) => request.path === '/v1/cards');
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0]?.body ?? '{}')).toEqual(VISA);
      expect((await savedRows()).map((row) => row.card_id)).toEqual([card.id]);
      expect(publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${sid}`)).json).status).toBe(
        'complete',
      );
      const events = (await queryRows(database.db, sql`select type, payload from outbox_events`)) as {
        type: string;
        payload: { data: { object: Record<string, unknown> } };
      }[];
      expect(events).toEqual([expect.objectContaining({ type: 'checkout.session.completed' })]);
      expect(events[0]?.payload.data.object.saved_card).toMatchObject({ id: card.id });

      // A second save on the completed link is refused; the saved card pays a new session.
      expect((await call(t.app, 'POST', save(sid), { body: VISA })).status).toBe(409);
      const { id } = await session();
      const { card: _card, ...withoutCard } = cardPayment();
      const paid = await call(t.app, 'POST', pay(id), { body: { ...withoutCard, card_id: card.id } });
      expect(transactionSchema.parse(paid.json).status).toBe('paid');
    });

    it.each([
      ['a bad number', { card_number: '4111111111111112' }, 'card_number'],
      ['a past expiry', { card_expiration_date: '0120' }, 'card_expiration_date'],
      ['a wrong CVV length', { card_cvv: '12' }, 'card_cvv'],
      ['an Amex CVV of three digits', { card_number: '378282246310005', card_cvv: '123' }, 'card_cvv'],
    ])('%s is a 400 naming the field; nothing is kept', async (_name, change, parameter) => {
      const sid = await setupSession();
      const refused = await call(t.app, 'POST', save(sid), { body: { ...VISA, ...change } });
      expect(refused.status).toBe(400);
      expect(parameterNames(refused.json).map((name) => name?.split('.').pop())).toContain(parameter);
      expect(await savedRows()).toEqual([]);
      expect(publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${sid}`)).json).status).toBe(
        'open',
      );
    });

    it('no identifier in the answer (the spec shows {}): the shopper is told, nothing is kept', async () => {
      const sid = await setupSession();
      const answer = await call(t.app, 'POST', save(sid), {
        body: { ...VISA, card_holder_name: 'NO CARD ID' },
      });
      expect(answer.status).toBe(502);
      expect(apiErrorBodySchema.parse(answer.json).errors[0]?.type).toBe('card_not_saved');
      expect(await savedRows()).toEqual([]);
    });

    it('a payment session does not save cards without paying, and a setup session takes no payment', async () => {
      const { id } = await session();
      expect((await call(t.app, 'POST', save(id), { body: VISA })).status).toBe(400);
      const sid = await setupSession();
      gateway.clearRequests();
      const refused = await call(t.app, 'POST', pay(sid), { body: cardPayment() });
      expect(refused.status).toBe(400);
      expect(gateway.requests).toHaveLength(0);
    });

    it('a card saved from a test card that is refused pays as refused', async () => {
      const sid = await setupSession();
      const created = await call(t.app, 'POST', save(sid), {
        body: { ...VISA, card_number: '4000000000000002' },
      });
      const { card } = savedCardCreatedSchema.parse(created.json);
      const { id } = await session();
      const { card: _card, ...withoutCard } = cardPayment();
      const paid = await call(t.app, 'POST', pay(id), { body: { ...withoutCard, card_id: card.id } });
      expect(transactionSchema.parse(paid.json).status).toBe('refused');
    });
  });
});
