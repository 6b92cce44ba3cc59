import { merchantPaymentFixture } from '../test/merchant-event-fixtures.ts';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { egressPolicy } from '../egress/egress-policy.ts';
import { writeEvents } from '../events/outbox.ts';
import { postEvent } from '../events/post-event.ts';
import { createLogger } from '../platform/logger.ts';
import { createConsoleUser, logInAs } from '../test/console-helpers.ts';
import { buildTestApp, call, fakeDns, TEST_KEY, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { deliverToEndpointsOnce } from './endpoint-delivery.ts';
import { webhookEgress } from './endpoint-egress.ts';
import { insertEndpoint } from './endpoint-repository.ts';

/** A loopback HTTP server: keeps what reached it (method, path, Host), answers `status` (and `location`). */
interface Listener {
  port: number;
  url: string;
  hits: { method: string; path: string; host: string }[];
  status: number;
  location: string | undefined;
  close(): Promise<void>;
}

async function listen(): Promise<Listener> {
  const state = { hits: [] as Listener['hits'], status: 200, location: undefined as string | undefined };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.hits.push({ method: req.method ?? '', path: req.url ?? '', host: req.headers.host ?? '' });
      res.writeHead(state.status, state.location ? { location: state.location } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Nothing listens here once closed: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const listener = await listen();
  await listener.close();
  return listener.port;
}

const PUBLIC_ADDRESS = '93.184.215.14';
const NO_SOCKET_TEXT = /ECONN|ENOTFOUND|EHOST|closed|socket|certificate|SSL|TLS|refused|timeout/i;
/**
 * An answer's text without the values of its ids: ours are random letters, and `evt_…UtlSg` holds "tlS" (a clean
 * clone failed on it). No socket error can reach an id; everything else is checked.
 */
function textWithoutIds(json: unknown): string {
  return JSON.stringify(json, (key, value: unknown) => (key === 'id' || key.endsWith('_id') ? 'ID' : value));
}

describe.each(DRIVERS)('webhook URLs reach public addresses only (%s)', (driver) => {
  let database: TestDatabase;
  /** As in production: no private host allowed. */
  let t: TestApp;
  /** An operator who allows the loopback receiver (WEBHOOK_ALLOWED_PRIVATE_HOSTS=127.0.0.1). */
  let allowing: TestApp;
  /** Anything that reaches it is a request the server should never have made. */
  let canary: Listener;
  let receiver: Listener;
  const dns: Record<string, string[]> = {};

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    [canary, receiver] = await Promise.all([listen(), listen()]);
    t = buildTestApp({
      db: database.db,
      dns,
      // The environment's endpoint is the operator's own: loopback, and trusted as set.
      merchantWebhook: {
        url: receiver.url.replace('/hooks', '/environment'),
        secret: 'whsec_environment_012345',
      },
    });
    allowing = buildTestApp({ db: database.db, dns, webhookPrivateHosts: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await allowing.close();
    await canary.close();
    await receiver.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    for (const listener of [canary, receiver]) {
      listener.hits.length = 0;
      listener.status = 200;
      listener.location = undefined;
    }
    for (const name of Object.keys(dns)) Reflect.deleteProperty(dns, name);
    Object.assign(dns, {
      'shop.test': [PUBLIC_ADDRESS],
      'inside.test': ['10.0.0.7'],
      'mixed.test': [PUBLIC_ADDRESS, '127.0.0.1'],
      'metadata.test': ['169.254.169.254'],
    });
    t.clock.offsetMs = 0;
  });

  const drain = async (app: TestApp) => {
    const deps = {
      db: database.db,
      log: createLogger('silent'),
      now: app.deps.now,
      egress: webhookEgress(app.deps),
    };
    while ((await deliverToEndpointsOnce(deps)).claimed > 0) {
      // next pass
    }
  };
  const writeEvent = async (): Promise<string> => {
    const [id] = await database.db.transaction((tx) =>
      writeEvents(
        tx,
        [
          {
            type: 'payment.succeeded',
            object: merchantPaymentFixture(),
            sessionId: null,
            attemptId: null,
          },
        ],
        t.deps.now(),
      ),
    );
    return id ?? '';
  };
  const endpointOf = async (eventId: string) => {
    const detail = await call(t.app, 'GET', `/api/v1/events/${eventId}`, { key: TEST_KEY });
    return (detail.json as { endpoints: { status: string; attempts: number; last_error: string | null }[] })
      .endpoints[0];
  };

  it('a URL at a loopback, private, link-local or reserved address, however spelled, is refused when saved — by the API and the console — and nothing is stored or sent', async () => {
    const port = canary.port;
    const refused = [
      `http://127.0.0.1:${port}/admin`,
      `http://localhost:${port}/admin`,
      `http://[::1]:${port}/admin`,
      `http://127.1:${port}/admin`,
      `http://2130706433:${port}/admin`,
      `http://0x7f.1:${port}/admin`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/hooks',
      `https://0.0.0.0:${port}/hooks`,
      `https://[::ffff:127.0.0.1]:${port}/hooks`,
      'https://[::]/hooks',
      'https://[fd00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://100.64.0.1/hooks',
      'https://172.16.5.4/hooks',
      'https://192.168.0.10/hooks',
      'https://224.0.0.1/hooks',
      'https://255.255.255.255/hooks',
      'https://[64:ff9b::7f00:1]/hooks',
      'https://[2002:7f00:1::]/hooks',
      'https://inside.test/hooks',
      'https://mixed.test/hooks',
      'https://metadata.test./hooks',
    ];
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const kept = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: 'https://shop.test/hooks', event_types: ['*'] },
    });
    expect(kept.status).toBe(201);
    const keptId = (kept.json as { id: string }).id;
    for (const url of refused) {
      const body = { url, event_types: ['*'] };
      const answers = [
        await call(t.app, 'POST', '/api/v1/webhook-endpoints', { key: TEST_KEY, body }),
        await owner.call('POST', '/api/console/developers/webhook-endpoints', { body }),
        await call(t.app, 'PATCH', `/api/v1/webhook-endpoints/${keptId}`, { key: TEST_KEY, body: { url } }),
        await owner.call('PATCH', `/api/console/developers/webhook-endpoints/${keptId}`, { body: { url } }),
      ];
      for (const answer of answers) {
        expect(answer.status, url).toBe(400);
        expect(answer.json, url).toMatchObject({
          errors: [{ parameter_name: 'url', type: 'url_not_public' }],
        });
      }
    }
    const list = await call(t.app, 'GET', '/api/v1/webhook-endpoints', { key: TEST_KEY });
    const urls = (list.json as { data: { url: string; implicit?: true }[] }).data
      .filter((endpoint) => !endpoint.implicit)
      .map((endpoint) => endpoint.url);
    expect(urls).toEqual(['https://shop.test/hooks']);
    expect(canary.hits).toEqual([]);
    // A public name, or one that does not resolve yet, is saved (every delivery checks it again).
    const later = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: 'https://not-yet.test/hooks', event_types: ['*'] },
    });
    expect(later.status).toBe(201);
  });

  it('a saved URL that now leads to a private address: the test event is refused and sends nothing; a delivery fails as “address not allowed” and is retried on schedule', async () => {
    const port = canary.port;
    const renamed = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: `https://rebind.test:${port}/hooks`, event_types: ['*'] },
    });
    expect(renamed.status).toBe(201);
    // The record changes after the save (DNS rebinding).
    dns['rebind.test'] = ['127.0.0.1'];
    const rebound = (renamed.json as { id: string }).id;
    // One saved before this check existed.
    const old = await insertEndpoint(database.db, {
      id: 'we_saved_before',
      url: `http://127.0.0.1:${port}/admin`,
      description: null,
      eventTypes: ['*'],
      enabled: true,
      createdByApiKeyId: null,
      secret: 'whsec_saved_before_0123456789',
      previousSecret: null,
      previousSecretExpiresAt: null,
      createdAt: t.deps.now(),
      updatedAt: t.deps.now(),
    });
    await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    const staff = await logInAs(t.app, 'bia@loja.test');
    for (const id of [rebound, old.id]) {
      const tested = [
        await call(t.app, 'POST', `/api/v1/webhook-endpoints/${id}/test`, { key: TEST_KEY }),
        await staff.call('POST', '/api/console/events/test', { body: { endpoint_id: id } }),
      ];
      for (const answer of tested) {
        expect(answer.status, id).toBe(409);
        expect(answer.json).toMatchObject({ errors: [{ parameter_name: 'url', type: 'url_not_public' }] });
      }
    }

    const eventId = await writeEvent();
    await drain(t);
    const detail = await call(t.app, 'GET', `/api/v1/events/${eventId}`, { key: TEST_KEY });
    const endpoints = (
      detail.json as {
        endpoints: { endpoint_id: string; status: string; attempts: number; last_error: string }[];
      }
    ).endpoints;
    expect(
      endpoints.map((entry) => [entry.endpoint_id, entry.status, entry.attempts, entry.last_error]).sort(),
    ).toEqual(
      [
        [old.id, 'pending', 1, 'address not allowed'],
        [rebound, 'pending', 1, 'address not allowed'],
      ].sort(),
    );
    // The next try comes on the usual schedule (10 s), and fails the same way.
    t.clock.offsetMs = 11_000;
    await drain(t);
    expect((await endpointOf(eventId))?.attempts).toBe(2);
    expect(canary.hits).toEqual([]);
  });

  it('a test event says delivered or not with the HTTP status only: no redirect followed, no socket error told', async () => {
    const create = async (url: string) => {
      const created = await call(allowing.app, 'POST', '/api/v1/webhook-endpoints', {
        key: TEST_KEY,
        body: { url, event_types: ['*'] },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      return (created.json as { id: string }).id;
    };
    const test = async (id: string) => {
      const answer = await call(allowing.app, 'POST', `/api/v1/webhook-endpoints/${id}/test`, {
        key: TEST_KEY,
      });
      expect(answer.status).toBe(200);
      expect(textWithoutIds(answer.json)).not.toMatch(NO_SOCKET_TEXT);
      return answer.json;
    };
    const good = await create(receiver.url);
    expect(await test(good)).toMatchObject({ ok: true, status_code: 200, error: null });
    receiver.status = 500;
    expect(await test(good)).toMatchObject({ ok: false, status_code: 500, error: 'HTTP 500' });
    receiver.status = 302;
    receiver.location = canary.url;
    expect(await test(good)).toMatchObject({ ok: false, status_code: 302, error: 'HTTP 302' });
    expect(canary.hits).toEqual([]);

    // Refused connection, TLS spoken to a plain HTTP server, a name that does not resolve: all “no answer”.
    const silent = [
      await create(`http://127.0.0.1:${await closedPort()}/hooks`),
      await create(`https://127.0.0.1:${receiver.port}/hooks`),
      await create('https://nowhere.test/hooks'),
    ];
    for (const id of silent) {
      expect(await test(id)).toMatchObject({ ok: false, status_code: null, error: 'no answer' });
    }
    // The delivery log keeps the same words.
    receiver.status = 200;
    const eventId = await writeEvent();
    await drain(allowing);
    const detail = await call(t.app, 'GET', `/api/v1/events/${eventId}`, { key: TEST_KEY });
    expect(textWithoutIds(detail.json)).not.toMatch(NO_SOCKET_TEXT);
    const errors = (detail.json as { endpoints: { last_error: string | null }[] }).endpoints.map(
      (entry) => entry.last_error,
    );
    expect(errors.sort()).toEqual(['no answer', 'no answer', 'no answer', null].sort());
  });

  it('test events are metered per key and per console user', async () => {
    const created = await call(allowing.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: receiver.url, event_types: ['*'] },
    });
    const id = (created.json as { id: string }).id;
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      statuses.push(
        (await call(allowing.app, 'POST', `/api/v1/webhook-endpoints/${id}/test`, { key: TEST_KEY })).status,
      );
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    const limited = await call(allowing.app, 'POST', `/api/v1/webhook-endpoints/${id}/test`, {
      key: TEST_KEY,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(receiver.hits).toHaveLength(30);
    // Another key has its own count.
    const extra = await call(allowing.app, 'POST', '/api/v1/api-keys', {
      key: TEST_KEY,
      body: { name: 'ERP' },
    });
    const extraKey = (extra.json as { key: string }).key;
    expect(
      (await call(allowing.app, 'POST', `/api/v1/webhook-endpoints/${id}/test`, { key: extraKey })).status,
    ).toBe(200);
    // A console user too (from another address: the address has its own, higher bound).
    await createConsoleUser(database.db, 'caio@loja.test', 'staff');
    const staff = await logInAs(allowing.app, 'caio@loja.test', { address: '203.0.113.50' });
    const consoleStatuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const answer = await staff.call('POST', '/api/console/events/test', {
        body: { endpoint_id: id },
        address: '203.0.113.50',
      });
      consoleStatuses.push(answer.status);
    }
    expect(consoleStatuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(consoleStatuses[30]).toBe(429);
  }, 30_000);

  it('the environment’s MERCHANT_WEBHOOK_URL stays trusted: its test event reaches the loopback address it names', async () => {
    const answer = await call(t.app, 'POST', '/api/v1/webhook-endpoints/we_environment/test', {
      key: TEST_KEY,
    });
    expect(answer.json).toMatchObject({ ok: true, status_code: 200 });
    expect(receiver.hits.map((hit) => hit.path)).toEqual(['/environment']);
  });

  it('the connection goes to the address checked, resolved once: the name stays in Host', async () => {
    let lookups = 0;
    const resolve = fakeDns({ 'hooks.test': ['127.0.0.1'] });
    const result = await postEvent({
      url: `http://hooks.test:${receiver.port}/pinned`,
      destination: egressPolicy('hooks.test', (hostname) => {
        lookups += 1;
        return resolve(hostname);
      }),
      secrets: ['whsec_pinned_0123456789'],
      body: '{}',
      now: new Date(),
      timeoutMs: 5_000,
      signal: undefined,
    });
    // The system's resolver knows no hooks.test: only the checked address could have been dialled.
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
    expect(lookups).toBe(1);
    expect(receiver.hits).toEqual([{ method: 'POST', path: '/pinned', host: `hooks.test:${receiver.port}` }]);

    // Over TLS the name is the one the handshake names (SNI), so the certificate is checked against it.
    const hellos: Buffer[] = [];
    const tlsPort = createNetServer((socket) => {
      socket.once('data', (chunk: Buffer) => {
        hellos.push(chunk);
        socket.destroy();
      });
    });
    await new Promise<void>((resolveListen) => tlsPort.listen(0, '127.0.0.1', resolveListen));
    try {
      const overTls = await postEvent({
        url: `https://hooks.test:${(tlsPort.address() as AddressInfo).port}/pinned`,
        destination: egressPolicy('hooks.test', resolve),
        secrets: ['whsec_pinned_0123456789'],
        body: '{}',
        now: new Date(),
        timeoutMs: 5_000,
        signal: undefined,
      });
      expect(overTls).toMatchObject({ ok: false, statusCode: null, error: 'no answer' });
      expect(hellos).toHaveLength(1);
      expect(hellos[0]?.includes(Buffer.from('hooks.test'))).toBe(true);
    } finally {
      await new Promise<void>((resolveClose) => tlsPort.close(() => resolveClose()));
    }
  });
});
