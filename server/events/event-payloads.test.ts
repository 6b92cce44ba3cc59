import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MERCHANT_EVENT_OBJECT_SCHEMAS } from '../../contract/merchant-event-objects.ts';
import { MERCHANT_EVENT_TYPES, type MerchantEventType } from '../../contract/merchant-events.ts';
import { paymentLinkSchema, type PaymentLink } from '../../contract/payment-links/payment-link.ts';
import { queryRows } from '../db/query-rows.ts';
import { announceCompletedLinks } from '../payment-links/complete-links.ts';
import { cardPayment } from '../test/payment-bodies.ts';
import { createTestLink, storedEvents, visitLink, type StoredEvent } from '../test/payment-link-helpers.ts';
import { suiteApp } from '../test/suite-app.ts';
import { call, PUBLIC_URL, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import type { TestGateway } from '../test/test-gateway.ts';

function isEventType(type: string): type is MerchantEventType {
  return (MERCHANT_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * Issue 39, item 11 (decision 289): an event type has one payload, whichever code path writes it — checked
 * where two paths write the same type, and for every event a flow stores against its type's schema.
 */
describe.each(DRIVERS)('event payloads: one shape per type (%s)', (driver) => {
  let database: TestDatabase, t: TestApp, gateway: TestGateway;
  suiteApp(driver, { policy: { refreshIntervalMs: 0 } }, (s) => ({ database, t, gateway } = s));
  beforeEach(() => gateway.reset());

  async function getLink(id: string): Promise<PaymentLink> {
    return paymentLinkSchema.parse(
      (await call(t.app, 'GET', `/api/v1/payment-links/${id}`, { key: TEST_KEY })).json,
    );
  }
  async function payOnce(link: PaymentLink): Promise<void> {
    const visit = await visitLink(t.app, link.code);
    const paid = await call(t.app, 'POST', `/api/pay/${visit.sessionId ?? 'none'}/v1/transactions`, {
      body: cardPayment(),
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  }
  /** What differs between two links by nature: their ids, codes (and so URLs) and times. */
  function comparable(event: StoredEvent): unknown {
    const payload = event.payload as StoredEvent['payload'] & { id: string; created: number };
    return {
      ...payload,
      id: 'evt_…',
      created: 0,
      data: {
        object: {
          ...payload.data.object,
          id: 'plink_…',
          code: '…',
          url: '…',
          created_at: '…',
          updated_at: '…',
        },
      },
    };
  }

  it('payment_link.completed is the same object whether a payment or a PATCH of max_payments uses the link up', async () => {
    const body = { metadata: { sku: 'TN-42' }, reference: 'tenis-42' };
    const byPayment = await createTestLink(t.app, { ...body, max_payments: 1 });
    const byPatch = await createTestLink(t.app, body);
    await payOnce(byPayment);
    await payOnce(byPatch);
    const patched = await call(t.app, 'PATCH', `/api/v1/payment-links/${byPatch.id}`, {
      key: TEST_KEY,
      body: { max_payments: 1 },
    });
    expect(patched.status).toBe(200);

    const completed = await storedEvents(database.db, 'payment_link.completed');
    const [fromPayment, fromPatch] = [byPayment, byPatch].map((link) =>
      completed.find((event) => event.payload.data.object.id === link.id),
    );
    expect(completed).toHaveLength(2);
    if (!fromPayment || !fromPatch) throw new Error('a payment_link.completed is missing');
    expect(comparable(fromPayment)).toEqual(comparable(fromPatch));
    // Each is the link as the API shows it after the change (its QR code aside), `updated_at` included.
    for (const [event, link] of [
      [fromPayment, byPayment],
      [fromPatch, byPatch],
    ] as const) {
      const { qr_code: _qr, ...shown } = await getLink(link.id);
      expect(event.payload.data.object).toEqual(shown);
      expect(shown).toMatchObject({ status: 'completed', payments_count: 1, max_payments: 1 });
    }
    // The payment counted moved the link's updated_at: an older link event cannot pass for a newer one.
    const created = (await storedEvents(database.db, 'payment_link.created')).find(
      (event) => event.payload.data.object.id === byPayment.id,
    );
    expect(Date.parse(String(fromPayment.payload.data.object.updated_at))).toBeGreaterThan(
      Date.parse(String(created?.payload.data.object.updated_at)),
    );
  });

  it('a completion the process stopped before announcing is announced by the sweep, once, in the same shape', async () => {
    const link = await createTestLink(t.app, { max_payments: 1 });
    await payOnce(link);
    const [announced] = await storedEvents(database.db, 'payment_link.completed');
    // As if the process had stopped between the payment's statement and its announcement.
    await queryRows(database.db, sql`delete from outbox_events where type = 'payment_link.completed'`);
    await queryRows(
      database.db,
      sql`update payment_links set completion_announced_at = null where id = ${link.id}`,
    );
    const sweep = () => announceCompletedLinks(database.db, { now: t.deps.now(), publicUrl: PUBLIC_URL });
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const again = await storedEvents(database.db, 'payment_link.completed');
    expect(again).toHaveLength(1);
    expect(again[0]?.payload.data.object).toEqual(announced?.payload.data.object);
  });

  it('every event a link’s life writes has exactly its type’s fields', async () => {
    const link = await createTestLink(t.app, { max_payments: 1 });
    await call(t.app, 'PATCH', `/api/v1/payment-links/${link.id}`, {
      key: TEST_KEY,
      body: { title: 'Tênis 43' },
    });
    await payOnce(link);
    const events = await storedEvents(database.db);
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        'payment_link.created',
        'payment_link.updated',
        'payment.succeeded',
        'checkout.session.completed',
        'payment_link.completed',
      ]),
    );
    for (const event of events) {
      if (!isEventType(event.type)) throw new Error(`unknown event type ${event.type}`);
      const schema = MERCHANT_EVENT_OBJECT_SCHEMAS[event.type];
      const { object } = event.payload.data;
      expect(schema.safeParse(object).success, event.type).toBe(true);
      expect(
        Object.keys(object).filter((key) => !(key in schema.shape)),
        event.type,
      ).toEqual([]);
    }
  });
});
