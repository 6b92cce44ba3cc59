import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifySignature } from '../../contract/webhook-signature.ts';
import { writeEvents } from '../events/outbox.ts';
import { deliverOnce } from '../events/delivery-worker.ts';
import { createLogger } from '../platform/logger.ts';
import { merchantPaymentFixture } from '../test/merchant-event-fixtures.ts';
import { buildTestApp, call, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { deliverToEndpointsOnce } from './endpoint-delivery.ts';
import { webhookEgress } from './endpoint-egress.ts';

/** A merchant's endpoint that keeps every request as it came (signature header and raw body). */
interface Receiver {
  url: string;
  requests: { header: string; body: string; type: string; id: string }[];
  status: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Omit<Receiver, 'url' | 'close'> = { requests: [], status: 200 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as { id: string; type: string };
      receiver.requests.push({
        header: String(req.headers['checkout-signature']),
        body,
        type: event.type,
        id: event.id,
      });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const HOUR = 3_600_000;

describe.each(BOTH_DRIVERS)('webhook endpoints (%s)', (driver) => {
  let database: TestDatabase;
  let t: TestApp;
  let a: Receiver;
  let b: Receiver;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // The receivers listen on loopback: allowed here as an operator would allow a private host.
    t = buildTestApp({ db: database.db, webhookPrivateHosts: '127.0.0.1' });
    [a, b] = await Promise.all([startReceiver(), startReceiver()]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await a.close();
    await b.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    for (const receiver of [a, b]) {
      receiver.requests.length = 0;
      receiver.status = 200;
    }
    t.clock.offsetMs = 0;
  });

  const deps = () => ({
    db: database.db,
    log: createLogger('silent'),
    now: t.deps.now,
    egress: webhookEgress(t.deps),
  });
  const drain = async () => {
    while ((await deliverToEndpointsOnce(deps())).claimed > 0) {
      // next pass
    }
  };
  async function create(body: unknown): Promise<{ id: string; secret: string }> {
    const created = await call(t.app, 'POST', '/api/v1/webhook-endpoints', { key: TEST_KEY, body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json as { id: string; secret: string };
  }
  async function write(
    types: ('payment.succeeded' | 'payment.refunded' | 'pix.expired')[],
  ): Promise<string[]> {
    return database.db.transaction((tx) =>
      writeEvents(
        tx,
        types.map((type) =>
          type === 'payment.refunded'
            ? {
                type,
                object: { ...merchantPaymentFixture(), amount_refunded_now: 100 },
                sessionId: null,
                attemptId: null,
              }
            : { type, object: merchantPaymentFixture(), sessionId: null, attemptId: null },
        ),
        t.deps.now(),
      ),
    );
  }

  it('each endpoint gets the types it subscribed to, exactly once, signed with its own secret; the environment’s endpoint still gets all', async () => {
    const one = await create({ url: a.url, event_types: ['payment.succeeded'] });
    const two = await create({ url: b.url, event_types: ['*'], description: 'ERP' });
    expect(one.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // The secret is shown once: never in a read or a list.
    const read = await call(t.app, 'GET', `/api/v1/webhook-endpoints/${one.id}`, { key: TEST_KEY });
    expect(read.json).not.toHaveProperty('secret');
    expect(JSON.stringify(read.json)).not.toContain(one.secret);
    const list = await call(t.app, 'GET', '/api/v1/webhook-endpoints', { key: TEST_KEY });
    expect(JSON.stringify(list.json)).not.toContain(two.secret);

    const ids = await write(['payment.succeeded', 'payment.refunded', 'pix.expired']);
    await drain();
    await drain();
    expect(a.requests.map((request) => request.type)).toEqual(['payment.succeeded']);
    expect(b.requests.map((request) => request.id).sort()).toEqual([...ids].sort());
    for (const [receiver, secret] of [
      [a, one.secret],
      [b, two.secret],
    ] as const) {
      for (const request of receiver.requests) {
        expect(
          await verifySignature({ secret, header: request.header, rawBody: request.body }),
        ).toMatchObject({
          ok: true,
        });
      }
    }
    // A's secret does not open B's deliveries.
    const [first] = b.requests;
    expect(
      await verifySignature({ secret: one.secret, header: first?.header, rawBody: first?.body ?? '' }),
    ).toMatchObject({ ok: false });

    // The environment's endpoint (MERCHANT_WEBHOOK_URL) is served by its own worker, unchanged.
    const env = await startReceiver();
    try {
      const delivered = await deliverOnce({
        db: database.db,
        log: createLogger('silent'),
        now: t.deps.now,
        target: { url: env.url, secret: 'whsec_environment_0123456789' },
      });
      expect(delivered).toEqual({ claimed: 3, delivered: 3 });
    } finally {
      await env.close();
    }
    // The event's page shows where it went.
    const detail = await call(t.app, 'GET', `/api/v1/events/${ids[0] ?? ''}`, { key: TEST_KEY });
    const body = detail.json as { status: string; endpoints: { endpoint_id: string; status: string }[] };
    expect(body.status).toBe('delivered');
    expect(body.endpoints.map((entry) => [entry.endpoint_id, entry.status]).sort()).toEqual(
      [
        [one.id, 'delivered'],
        [two.id, 'delivered'],
      ].sort(),
    );
  });

  it('events written before an endpoint existed, or while it was disabled, are not sent to it', async () => {
    await write(['payment.succeeded']);
    await drain();
    const endpoint = await create({ url: a.url, event_types: ['*'], enabled: false });
    t.clock.offsetMs = 1_000;
    await write(['payment.refunded']);
    await drain();
    expect(a.requests).toHaveLength(0);
    const enabled = await call(t.app, 'PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, {
      key: TEST_KEY,
      body: { enabled: true },
    });
    expect(enabled.json).toMatchObject({ enabled: true });
    t.clock.offsetMs = 2_000;
    await write(['pix.expired']);
    await drain();
    expect(a.requests.map((request) => request.type)).toEqual(['pix.expired']);
  });

  it('a rolled secret: both sign during the overlap, only the new one after it', async () => {
    const endpoint = await create({ url: a.url, event_types: ['*'] });
    const rolled = await call(t.app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/roll-secret`, {
      key: TEST_KEY,
      body: { overlap_seconds: 3600 },
    });
    expect(rolled.status).toBe(200);
    const fresh = rolled.json as { secret: string; previous_secret_expires_at: string | null };
    expect(fresh.secret).not.toBe(endpoint.secret);
    expect(fresh.previous_secret_expires_at).not.toBeNull();
    await write(['payment.succeeded']);
    await drain();
    const during = a.requests[0];
    expect(during?.header.match(/v1=/g)).toHaveLength(2);
    for (const secret of [endpoint.secret, fresh.secret]) {
      expect(
        await verifySignature({ secret, header: during?.header, rawBody: during?.body ?? '' }),
      ).toMatchObject({ ok: true });
    }
    t.clock.offsetMs = 2 * HOUR;
    await write(['payment.refunded']);
    await drain();
    const after = a.requests[1];
    expect(after?.header.match(/v1=/g)).toHaveLength(1);
    const check = (secret: string) =>
      verifySignature({
        secret,
        header: after?.header,
        rawBody: after?.body ?? '',
        now: Math.floor(t.deps.now().getTime() / 1000),
      });
    expect(await check(fresh.secret)).toMatchObject({ ok: true });
    expect(await check(endpoint.secret)).toEqual({ ok: false, reason: 'mismatch' });
    // An empty body rolls with the default overlap (24 h).
    const again = await call(t.app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/roll-secret`, {
      key: TEST_KEY,
    });
    expect(again.status).toBe(200);
  });

  it('one endpoint down does not hold the other back; failed after three days, then resent by “resend all failed”', async () => {
    const down = await create({ url: a.url, event_types: ['*'] });
    await create({ url: b.url, event_types: ['*'] });
    a.status = 503;
    const [id] = await write(['payment.succeeded']);
    for (let hour = 0; hour <= 73; hour += 1) {
      t.clock.offsetMs = hour * HOUR;
      await drain();
    }
    expect(b.requests).toHaveLength(1);
    const tries = a.requests.length;
    expect(tries).toBeGreaterThan(3);
    const detail = await call(t.app, 'GET', `/api/v1/events/${id ?? ''}`, { key: TEST_KEY });
    expect(
      (detail.json as { endpoints: { endpoint_id: string; status: string }[] }).endpoints,
    ).toContainEqual(expect.objectContaining({ endpoint_id: down.id, status: 'failed' }));
    a.status = 200;
    const unknown = await call(t.app, 'POST', '/api/v1/events/resend-failed', {
      key: TEST_KEY,
      body: { endpoint_id: 'we_nope' },
    });
    expect(unknown.status).toBe(404);
    const resent = await call(t.app, 'POST', '/api/v1/events/resend-failed', {
      key: TEST_KEY,
      body: { endpoint_id: down.id },
    });
    expect(resent.json).toEqual({ object: 'resend', requeued: 1 });
    await drain();
    expect(a.requests).toHaveLength(tries + 1);
    expect(b.requests).toHaveLength(1);
    // One event resent to one endpoint only.
    const one = await call(t.app, 'POST', `/api/v1/events/${id ?? ''}/resend`, {
      key: TEST_KEY,
      body: { endpoint_id: down.id },
    });
    expect(one.status).toBe(200);
    await drain();
    expect(a.requests).toHaveLength(tries + 2);
    expect(b.requests).toHaveLength(1);
  }, 30_000);

  it('sends a test event to one endpoint and says what it answered', async () => {
    const endpoint = await create({ url: a.url, event_types: ['payment.succeeded'] });
    const sent = await call(t.app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, {
      key: TEST_KEY,
    });
    expect(sent.json).toMatchObject({
      object: 'webhook_test',
      ok: true,
      status_code: 200,
      endpoint_id: endpoint.id,
    });
    expect(a.requests.map((request) => request.type)).toEqual(['webhook_endpoint.test']);
    a.status = 500;
    const failing = await call(t.app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, {
      key: TEST_KEY,
    });
    expect(failing.json).toMatchObject({ ok: false, status_code: 500, error: 'HTTP 500' });
    // Nothing of it is queued for anyone.
    await drain();
    expect(a.requests).toHaveLength(2);
  });

  it('answers clear 4xx: bad URL, unknown type, unknown id, no key, the environment’s endpoint read only', async () => {
    const bad = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: 'http://shop.example/hooks', event_types: ['payment.succeeded'] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('url');
    const type = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: 'https://shop.example/hooks', event_types: ['payment.exploded'] },
    });
    expect(type.status).toBe(400);
    const none = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: 'https://shop.example/hooks', event_types: [] },
    });
    expect(none.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/v1/webhook-endpoints/we_missing', { key: TEST_KEY })).status).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', '/api/v1/webhook-endpoints/nope', { key: TEST_KEY })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/api/v1/webhook-endpoints')).status).toBe(401);
    const env = await call(t.app, 'PATCH', '/api/v1/webhook-endpoints/we_environment', {
      key: TEST_KEY,
      body: { enabled: false },
    });
    expect(env.status).toBe(409);
    // The rule is the use case's: deleting or rolling it is refused alike, whatever the door.
    for (const [method, path] of [
      ['DELETE', '/api/v1/webhook-endpoints/we_environment'],
      ['POST', '/api/v1/webhook-endpoints/we_environment/roll-secret'],
    ] as const) {
      const refused = await call(t.app, method, path, { key: TEST_KEY });
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.json)).toContain('environment_endpoint');
    }
    const empty = await call(t.app, 'PATCH', '/api/v1/webhook-endpoints/we_abc', { key: TEST_KEY, body: {} });
    expect(empty.status).toBe(400);
    const created = await create({ url: 'https://shop.example/hooks', event_types: ['*'] });
    const deleted = await call(t.app, 'DELETE', `/api/v1/webhook-endpoints/${created.id}`, { key: TEST_KEY });
    expect(deleted.json).toEqual({ id: created.id, object: 'webhook_endpoint', deleted: true });
  });
});
