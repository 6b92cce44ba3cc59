import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleDeliveryListSchema,
  consoleEndpointListSchema,
} from '../../contract/console/console-events.ts';
import { consoleLinkListSchema, consoleLinkSchema } from '../../contract/console/console-links.ts';
import { paymentLinkSchema } from '../../contract/payment-links/payment-link.ts';
import { queryRows } from '../db/query-rows.ts';
import { writeEvents } from '../events/outbox.ts';
import { createLogger } from '../platform/logger.ts';
import { createConsoleUser, logInAs, type ConsoleBrowser } from '../test/console-helpers.ts';
import { merchantPaymentFixture } from '../test/merchant-event-fixtures.ts';
import { call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';
import { deliverToEndpointsOnce } from '../webhook-endpoints/endpoint-delivery.ts';
import { webhookEgress } from '../webhook-endpoints/endpoint-egress.ts';

/** The merchant's webhook endpoint: answers `status`, keeps the event ids it was sent. */
interface Receiver {
  url: string;
  status: number;
  ids: string[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const state = { status: 200, ids: [] as string[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.ids.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id);
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const LINK = {
  title: 'Camiseta azul',
  items: [{ title: 'Camiseta', unit_price: 5990, quantity: 1, tangible: true }],
};

describe.each(BOTH_DRIVERS)('console links and events (%s)', { timeout: 30_000 }, (driver) => {
  let database: TestDatabase, t: TestApp, receiver: Receiver;
  // The receiver listens on loopback: allowed here as an operator would allow a private host.
  suiteApp(driver, { webhookPrivateHosts: '127.0.0.1' }, (s) => ({ database, t } = s));
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  async function browsers(): Promise<Record<'owner' | 'staff' | 'viewer', ConsoleBrowser>> {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    await createConsoleUser(database.db, 'caio@loja.test', 'viewer');
    return {
      owner: await logInAs(t.app, 'ana@loja.test'),
      staff: await logInAs(t.app, 'bia@loja.test'),
      viewer: await logInAs(t.app, 'caio@loja.test'),
    };
  }
  const audit = async () =>
    (
      await queryRows(
        database.db,
        sql`select user_email, action, target_id, detail from console_audit_log
            where action like 'link.%' or action like 'event.%' order by id`,
      )
    ).map((row) => [row.user_email, row.action, row.target_id, row.detail]);

  describe('links', () => {
    it('lets staff create a link (idempotent per form) that the merchant API sees, and a viewer only read', async () => {
      const { staff, viewer } = await browsers();
      const body = { idempotency_key: 'form-123456', link: LINK };
      expect((await viewer.call('POST', '/api/console/links', { body })).status).toBe(403);
      // CSRF: without the token, or from another origin.
      expect(
        (await staff.call('POST', '/api/console/links', { body, headers: { 'x-csrf-token': 'stale' } }))
          .status,
      ).toBe(403);
      expect(
        (await staff.call('POST', '/api/console/links', { body, headers: { origin: 'https://evil.test' } }))
          .status,
      ).toBe(403);
      const created = await staff.call('POST', '/api/console/links', { body });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const link = consoleLinkSchema.parse(created.json);
      expect(link).toMatchObject({ status: 'active', title: 'Camiseta azul', payments_count: 0 });
      expect(link.url).toMatch(/^https:\/\/checkout\.test\/l\/[A-Za-z0-9_-]{12}$/);
      // The same form sent twice is one link; the same key with another body is refused.
      const again = await staff.call('POST', '/api/console/links', { body });
      expect(again.status).toBe(200);
      expect(consoleLinkSchema.parse(again.json).id).toBe(link.id);
      const other = await staff.call('POST', '/api/console/links', {
        body: { ...body, link: { ...LINK, title: 'Outra' } },
      });
      expect(other.status).toBe(409);
      // The merchant API sees the same link; the event was written with it.
      const api = await call(t.app, 'GET', `/api/v1/payment-links/${link.id}`, { key: TEST_KEY });
      expect(api.status).toBe(200);
      const events = await queryRows(database.db, sql`select type from outbox_events order by created_at`);
      expect(events.map((row) => row.type)).toEqual(['payment_link.created']);
      // A viewer reads the list and one link with its QR code.
      const list = consoleLinkListSchema.parse((await viewer.call('GET', '/api/console/links')).json);
      expect(list.data.map((entry) => entry.id)).toEqual([link.id]);
      expect(list.data[0]).not.toHaveProperty('qr_code');
      const one = paymentLinkSchema.parse((await viewer.call('GET', `/api/console/links/${link.id}`)).json);
      expect(one.qr_code).toMatch(/^<svg/);
      expect(await audit()).toEqual([['bia@loja.test', 'link.create', link.id, { title: 'Camiseta azul' }]]);
    });

    it('refuses an invalid link with a 400 naming the field, and unknown ids with a 404', async () => {
      const { staff, viewer } = await browsers();
      const bad = await staff.call('POST', '/api/console/links', {
        body: { idempotency_key: 'form-123456', link: { title: '', items: [] } },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.json)).toContain('link.title');
      const past = await staff.call('POST', '/api/console/links', {
        body: { idempotency_key: 'form-654321', link: { ...LINK, expires_at: '2020-01-01T00:00:00Z' } },
      });
      expect(past.status).toBe(400);
      expect((await viewer.call('GET', '/api/console/links/plink_nope')).status).toBe(404);
      expect((await staff.call('POST', '/api/console/links/plink_nope/deactivate')).status).toBe(404);
      expect((await viewer.call('GET', '/api/console/links?status=gone')).status).toBe(400);
      expect((await viewer.call('GET', '/api/console/links?cursor=nope')).status).toBe(400);
      expect(await audit()).toEqual([]);
    });

    it('deactivates a link (staff only, once), with the event and an audit row; filters and pages the list', async () => {
      const { owner, staff, viewer } = await browsers();
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const created = await owner.call('POST', '/api/console/links', {
          body: { idempotency_key: `form-00000${i}`, link: { ...LINK, title: `Link ${i}` } },
        });
        ids.push(consoleLinkSchema.parse(created.json).id);
      }
      const [first, , last] = ids;
      expect((await viewer.call('POST', `/api/console/links/${String(first)}/deactivate`)).status).toBe(403);
      const done = await staff.call('POST', `/api/console/links/${String(first)}/deactivate`);
      expect(done.status).toBe(200);
      expect(consoleLinkSchema.parse(done.json)).toMatchObject({ status: 'inactive', active: false });
      // A second click changes nothing and writes nothing.
      expect((await staff.call('POST', `/api/console/links/${String(first)}/deactivate`)).status).toBe(200);
      const updates = await queryRows(
        database.db,
        sql`select type from outbox_events where type = 'payment_link.updated'`,
      );
      expect(updates).toHaveLength(1);
      const inactive = consoleLinkListSchema.parse(
        (await viewer.call('GET', '/api/console/links?status=inactive')).json,
      );
      expect(inactive.data.map((link) => link.id)).toEqual([first]);
      const page1 = consoleLinkListSchema.parse(
        (await viewer.call('GET', '/api/console/links?limit=2')).json,
      );
      expect(page1.data.map((link) => link.id)).toEqual([last, ids[1]]);
      const page2 = consoleLinkListSchema.parse(
        (await viewer.call('GET', `/api/console/links?limit=2&cursor=${String(page1.next_cursor)}`)).json,
      );
      expect(page2).toMatchObject({ next_cursor: null });
      expect(page2.data.map((link) => link.id)).toEqual([first]);
      expect((await audit()).filter((row) => row[1] === 'link.deactivate')).toEqual([
        ['bia@loja.test', 'link.deactivate', first, { title: 'Link 0' }],
      ]);
    });
  });

  describe('events', () => {
    const drain = async () => {
      const deps = {
        db: database.db,
        log: createLogger('silent'),
        now: t.deps.now,
        egress: webhookEgress(t.deps),
      };
      while ((await deliverToEndpointsOnce(deps)).claimed > 0) {
        // next pass
      }
    };
    async function endpointAndEvents(count: number): Promise<{ endpointId: string; eventIds: string[] }> {
      const created = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
        key: TEST_KEY,
        body: { url: receiver.url, event_types: ['*'], description: 'ERP' },
      });
      expect(created.status).toBe(201);
      const eventIds = await database.db.transaction((tx) =>
        writeEvents(
          tx,
          Array.from({ length: count }, () => ({
            type: 'payment.succeeded' as const,
            object: merchantPaymentFixture(),
            sessionId: null,
            attemptId: 'pa_x',
          })),
          t.deps.now(),
        ),
      );
      return { endpointId: (created.json as { id: string }).id, eventIds };
    }
    const log = async (browser: ConsoleBrowser, query = '') => {
      const answer = await browser.call('GET', `/api/console/events${query}`);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return consoleDeliveryListSchema.parse(answer.json);
    };

    it('shows each delivery with its attempts and last error; staff resend one, a viewer cannot', async () => {
      const { staff, viewer } = await browsers();
      receiver.status = 500;
      receiver.ids.length = 0;
      const { endpointId, eventIds } = await endpointAndEvents(1);
      await drain();
      const [row] = (await log(viewer, '?status=retrying')).data;
      expect(row).toMatchObject({
        event_id: eventIds[0],
        type: 'payment.succeeded',
        endpoint_id: endpointId,
        endpoint_url: receiver.url,
        status: 'pending',
        attempts: 1,
        payment_id: 'pa_x',
      });
      expect(row?.last_error).toContain('500');
      expect((await log(viewer, '?status=delivered')).data).toEqual([]);
      const body = { endpoint_id: endpointId };
      expect(
        (await viewer.call('POST', `/api/console/events/${String(eventIds[0])}/resend`, { body })).status,
      ).toBe(403);
      receiver.status = 200;
      const resent = await staff.call('POST', `/api/console/events/${String(eventIds[0])}/resend`, { body });
      expect(resent.json).toEqual({ requeued: 1 });
      await drain();
      expect((await log(viewer, '?status=delivered')).data.map((entry) => entry.event_id)).toEqual(eventIds);
      expect(receiver.ids.filter((id) => id === eventIds[0])).toHaveLength(2);
      expect((await staff.call('POST', '/api/console/events/evt_nope/resend', { body })).status).toBe(404);
      expect(
        (
          await staff.call('POST', `/api/console/events/${String(eventIds[0])}/resend`, {
            body: { endpoint_id: 'we_nope' },
          })
        ).status,
      ).toBe(404);
      expect(
        (await staff.call('POST', `/api/console/events/${String(eventIds[0])}/resend`, { body: {} })).status,
      ).toBe(400);
      expect((await audit()).map((entry) => entry.slice(0, 3))).toEqual([
        ['bia@loja.test', 'event.resend', eventIds[0]],
        ['bia@loja.test', 'event.resend', 'evt_nope'],
        ['bia@loja.test', 'event.resend', eventIds[0]],
      ]);
    });

    it('resends every failed delivery at once; pages the log; refuses bad filters', async () => {
      receiver.status = 500;
      const { eventIds } = await endpointAndEvents(3);
      // Three days later the deliveries are given up on: failed.
      t.clock.offsetMs = 4 * 24 * 3_600_000;
      const { staff, viewer } = await browsers();
      await drain();
      const failed = await log(viewer, '?status=failed');
      expect(failed.data).toHaveLength(3);
      const first = await log(viewer, '?status=failed&limit=2');
      expect(first.data).toHaveLength(2);
      const second = await log(viewer, `?status=failed&limit=2&cursor=${String(first.next_cursor)}`);
      expect(second.next_cursor).toBeNull();
      expect([...first.data, ...second.data].map((row) => row.event_id).sort()).toEqual([...eventIds].sort());
      expect((await viewer.call('POST', '/api/console/events/resend-failed')).status).toBe(403);
      const resent = await staff.call('POST', '/api/console/events/resend-failed');
      expect(resent.json).toEqual({ requeued: 3 });
      expect((await log(viewer, '?status=failed')).data).toEqual([]);
      expect((await log(viewer, '?status=pending')).data).toHaveLength(3);
      expect((await audit()).map((entry) => entry.slice(1))).toEqual([
        ['event.resend_failed', null, { requeued: 3 }],
      ]);
      expect((await viewer.call('GET', '/api/console/events?status=lost')).status).toBe(400);
      expect((await viewer.call('GET', '/api/console/events?cursor=bm9wZQ')).status).toBe(400);
      expect((await viewer.call('GET', '/api/console/events?limit=abc')).status).toBe(400);
    });

    it('shows the endpoints read only and sends a test event (staff), answering what the endpoint said', async () => {
      const { staff, viewer } = await browsers();
      const { endpointId } = await endpointAndEvents(0);
      const endpoints = consoleEndpointListSchema.parse(
        (await viewer.call('GET', '/api/console/events/endpoints')).json,
      );
      expect(endpoints.data).toEqual([
        expect.objectContaining({
          id: endpointId,
          url: receiver.url,
          event_types: ['*'],
          enabled: true,
          implicit: false,
        }),
      ]);
      expect(JSON.stringify(endpoints.data)).not.toMatch(/whsec_[A-Za-z0-9_-]{20}/);
      const body = { endpoint_id: endpointId };
      expect((await viewer.call('POST', '/api/console/events/test', { body })).status).toBe(403);
      receiver.status = 200;
      const ok = await staff.call('POST', '/api/console/events/test', { body });
      expect(ok.json).toMatchObject({ endpoint_id: endpointId, ok: true, status_code: 200 });
      receiver.status = 503;
      const refused = await staff.call('POST', '/api/console/events/test', { body });
      expect(refused.json).toMatchObject({ ok: false, status_code: 503 });
      expect(
        (await staff.call('POST', '/api/console/events/test', { body: { endpoint_id: 'we_nope' } })).status,
      ).toBe(404);
      // Never queued: the log stays empty.
      expect((await log(viewer)).data).toEqual([]);
      expect((await audit()).map((entry) => entry.slice(1))).toEqual([
        ['event.test', endpointId, { ok: true, status_code: 200 }],
        ['event.test', endpointId, { ok: false, status_code: 503 }],
        ['event.test', 'we_nope', { outcome: 'no_endpoint' }],
      ]);
    });
  });
});
