import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { redactForLog } from '../platform/logger.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { checkoutSessionSchema, publicSessionSchema } from '../../contract/checkout-session.ts';
import { createTestLink, visitLink } from '../test/payment-link-helpers.ts';
import { call, createTestSession, orderBody, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { suiteApp } from '../test/suite-app.ts';
import { DRIVERS } from '../test/test-database.ts';
import { type TestGateway } from '../test/test-gateway.ts';

const PAN = '4111111111111111';
const WRITTEN = ['4111 1111 1111 1111', '4111.1111.1111.1111', '4111-1111-1111-1111', '4111_1111_1111_1111'];
const TABLES = [
  'checkout_sessions',
  'payment_attempts',
  'payment_events',
  'outbox_events',
  'saved_cards',
  'payment_links',
];

/** Digits only, whatever separated them: a PAN in any spelling shows up as its 16 digits. */
function digitsOf(text: string): string {
  return text.replace(/(%20|%2[dDeEfF]|%5[fF]|[\s.\-_/+])/g, '');
}

describe.each(DRIVERS)('card data is never stored or echoed, whatever field it hides in (%s)', (driver) => {
  let gateway: TestGateway, t: TestApp;
  suiteApp(driver, {}, (s) => ({ gateway, t } = s));
  beforeEach(() => {
    t.logs.length = 0;
  });

  async function storedText(): Promise<string> {
    const dumps = await Promise.all(
      TABLES.map((table) =>
        queryRows(t.deps.db, sql`select row_to_json(r)::text as row from ${sql.identifier(table)} r`),
      ),
    );
    return dumps
      .flat()
      .map((row) => String(row.row))
      .join('\n');
  }

  it.each(WRITTEN)(
    'a PAN written as "%s" in names, titles and metadata is masked everywhere',
    async (written) => {
      const items = [{ title: `Camisa ${written}`, unit_price: 16590, quantity: 1, tangible: true }];
      const { id } = await createTestSession(t.app, {
        items,
        shipping_fee: 0,
        customer: { external_id: 'c-1', name: `Ana ${written}` },
        save_cards: true,
        metadata: { note: `card ${written}` },
      });
      const paid = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, {
        body: {
          ...cardPayment({
            amount: 16590,
            // The page shows (and sends back) the titles as stored: masked.
            items: [{ ...items[0], title: 'Camisa ••••1111' }],
            card: {
              card_number: PAN,
              card_holder_name: `ANA ${written}`,
              card_expiration_date: '0931',
              card_cvv: '7391',
            },
            billing: {
              name: `Ana ${written}`,
              address: (cardPayment().billing as { address: unknown }).address,
            },
          }),
          save_card: true,
        },
      });
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
      expect(digitsOf(JSON.stringify(paid.json))).not.toContain(PAN);
      const merchant = await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY });
      expect(digitsOf(JSON.stringify(merchant.json))).not.toContain(PAN);
      const stored = await storedText();
      expect(stored).toContain('••••1111');
      expect(digitsOf(stored)).not.toContain(PAN);
      expect(digitsOf(t.logs.join('\n'))).not.toContain(PAN);
      const [saved] = await queryRows(t.deps.db, sql`select holder_name from saved_cards`);
      expect(saved).toBeDefined();
      // Kept masked (the gateway echoed the name as we masked it), never with the number.
      expect(digitsOf(typeof saved?.holder_name === 'string' ? saved.holder_name : '')).not.toMatch(/\d{5,}/);
    },
  );

  it('what merchants give that is no card number comes back byte for byte, in API and link sessions', async () => {
    const metadata = {
      order: '20261127000123',
      account: 'acc-123456789012',
      cnpj: '12.345.678/0001-95',
      phone: '+55 11 91234-5678',
      boleto: '34190.00587 17900.101043 35100.479100 7 12340000026035',
      barcode: '34197123400000260350005817900101043510047910',
      spaced: '  Pedido 20261127000123 ; "NF" 000.123.456  ',
      card: 'pedido 20261127000123, cartão 4111 1111 1111 1111',
    };
    const items = [
      { title: 'S2-717854-00001', unit_price: 10000, quantity: 1, tangible: true },
      {
        title: 'Kit 20261127000123 (CNPJ 12.345.678/0001-95)',
        unit_price: 6590,
        quantity: 1,
        tangible: true,
      },
    ];
    // Only the card number is masked; everything else as given.
    const expected = { ...metadata, card: 'pedido 20261127000123, cartão ••••1111' };
    const titles = items.map((item) => item.title);

    const api = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: { ...orderBody({ items, shipping_fee: 0 }), metadata },
    });
    expect(api.status, JSON.stringify(api.json)).toBe(201);
    const link = await createTestLink(t.app, { items, shipping_fee: 0, metadata });
    expect(link.metadata).toEqual(expected);
    const visit = await visitLink(t.app, link.code);
    expect(visit.status).toBe(303);

    for (const id of [checkoutSessionSchema.parse(api.json).id, visit.sessionId ?? '']) {
      const merchant = checkoutSessionSchema.parse(
        (await call(t.app, 'GET', `/api/v1/checkout-sessions/${id}`, { key: TEST_KEY })).json,
      );
      expect(merchant.metadata).toEqual(expected);
      expect(merchant.items.map((item) => item.title)).toEqual(titles);
      const shopper = publicSessionSchema.parse((await call(t.app, 'GET', `/api/pay/${id}`)).json);
      expect(shopper.order?.items.map((item) => item.title)).toEqual(titles);
      const [stored] = await queryRows(
        t.deps.db,
        sql`select metadata, items from checkout_sessions where id = ${id}`,
      );
      expect(stored?.metadata).toEqual(expected);
    }
    expect(digitsOf(await storedText())).not.toContain(PAN);
  });

  it('the setup-mode save never stores an unfiltered holder name', async () => {
    const created = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: { reference: 'setup-1', mode: 'setup', customer: { external_id: 'c-2' } },
    });
    const sid = (created.json as { id: string }).id;
    const saved = await call(t.app, 'POST', `/api/pay/${sid}/v1/cards`, {
      body: {
        card_number: PAN,
        card_holder_name: 'ANA 4111 1111 1111 1111',
        card_expiration_date: '0931',
        card_cvv: '739',
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    expect(JSON.stringify(saved.json)).not.toMatch(/4111 1111/);
    expect(digitsOf(await storedText())).not.toContain(PAN);
  });

  it('a gateway refusal quoting the card or its CVV is masked before it is stored or shown', async () => {
    const { id } = await createTestSession(t.app);
    gateway.setFault('echo-400');
    const refused = await call(t.app, 'POST', `/api/pay/${id}/v1/transactions`, { body: cardPayment() });
    expect(refused.status).toBe(400);
    const shown = JSON.stringify(refused.json);
    expect(digitsOf(shown)).not.toContain(PAN);
    expect(shown).not.toContain('7391');
    const stored = await storedText();
    expect(digitsOf(stored)).not.toContain(PAN);
    expect(stored).not.toContain('7391');
    expect(t.logs.join('\n')).not.toContain('7391');
  });

  it('log redaction covers URL-encoded and underscored card numbers', () => {
    for (const text of ['/x?pan=4111%201111%201111%201111', '4111_1111_1111_1111', '4111+1111+1111+1111']) {
      expect(digitsOf(redactForLog(text))).not.toContain(PAN);
    }
  });
});
