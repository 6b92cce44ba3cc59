import { inArray, sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/checkout-session.ts';
import { findUnsafeText } from '../../contract/plain-text.ts';
import { hmacSha256Hex } from '../../contract/webhook-signature.ts';
import { checkoutSessions, paymentAttempts } from '../db/schema.ts';
import { queryRows } from '../db/query-rows.ts';
import { GATEWAY_SIGNATURE_HEADER, GATEWAY_WEBHOOK_PATH } from '../routes/gateway-webhooks.ts';
import { CARD, cardPayment, pixPayment } from '../test/payment-bodies.ts';
import { createConsoleUser, logInAs } from '../test/console-helpers.ts';
import {
  buildTestApp,
  call,
  createTestSession,
  orderBody,
  PUBLIC_URL,
  TEST_KEY,
  type CallResult,
  type TestApp,
} from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { HOSTILE_MODES, startHostileGateway, type HostileGateway } from '../test/hostile-gateway.ts';

/**
 * Property-based: random and hostile requests against every shopper and merchant endpoint and the gateway
 * webhook, then hostile gateway answers to the calls that reach it. Seeded (FUZZ_SEED to explore another
 * seed) and bounded in time per property (FUZZ_MS), so it runs in `npm test`; it prints how many cases ran.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_2611);
const TIME_LIMIT_MS = Number(process.env.FUZZ_MS ?? 7_000);
const WEBHOOK_SECRET = 'whsec_fuzz_0123456789';
const UNLIMITED = { max: 1_000_000_000, windowMs: 60_000 };

const HOSTILE_STRINGS = [
  '\u0000',
  'Ana\u0000Silva',
  '\ud800',
  'x\udfff',
  '\u202e\u0007',
  '4111 1111 1111 1111',
  '4111.1111.1111.1111',
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '__proto__',
  "'; drop table checkout_sessions; --",
  '../../etc/passwd',
  'x'.repeat(5_000),
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, -0, 2 ** 53 + 2, -1, 0, 1e21),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Every leaf path of a JSON value (the fields a mutation may replace). */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => leafPaths(entry, [...path, index]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, entry]) => leafPaths(entry, [...path, key]));
  return [path];
}

function mutate(body: unknown, pick: number, replacement: unknown, remove: boolean): unknown {
  const copy = structuredClone(body);
  const paths = leafPaths(copy);
  const path = paths[pick % Math.max(1, paths.length)] ?? [];
  if (path.length === 0) return replacement;
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1) ?? '';
  if (remove) Reflect.deleteProperty(target, last);
  else target[last] = replacement;
  return copy;
}

/** A path segment as a client could send it: a known id, junk, or raw hostile escapes. */
function segment(known: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(known) },
    fc.constantFrom(
      '%00',
      '%ED%A0%80',
      '%zz',
      '..',
      '%2F',
      '0',
      '-1',
      '99999999999999999999',
      'cs_' + 'A'.repeat(22),
    ),
    fc.string({ unit: 'binary', maxLength: 20 }).map((text) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return '%ED%B0%80';
      }
    }),
  );
}

interface Known {
  openSid: string;
  setupSid: string;
  paidSid: string;
  attemptId: string;
  transactionId: string;
  eventId: string;
  endpointId: string;
  /** A logged-in console owner's cookie, origin and CSRF token. */
  consoleHeaders: Record<string, string>;
}

interface Request {
  method: string;
  path: string;
  key: string | false;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  /** Webhooks only: sign the body as the gateway would. */
  sign?: boolean;
  /** Sent as they are (a console session's headers). */
  headers?: Record<string, string>;
}

type Template = (known: Known) => fc.Arbitrary<Request>;

function withBody(valid: unknown): fc.Arbitrary<Pick<Request, 'body' | 'rawBody' | 'contentType'>> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({ pick: fc.nat(), value: hostileValue, remove: fc.boolean() })
        .map(({ pick, value, remove }) => ({ body: mutate(valid, pick, value, remove) })),
    },
    fc.constant({ body: valid }),
    fc.jsonValue({ maxDepth: 3 }).map((body) => ({ body })),
    fc
      .string({ unit: 'binary', maxLength: 60 })
      .map((rawBody) => ({ rawBody, contentType: 'application/json' })),
    fc.constantFrom(
      { rawBody: '{"a":"\\u0000"}', contentType: 'application/json' },
      { rawBody: '{"a":"\\ud800"}', contentType: 'application/json' },
      { rawBody: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
      { rawBody: 'a=b', contentType: 'application/x-www-form-urlencoded' },
      { rawBody: '{}', contentType: 'text/plain' },
    ),
  );
}

const TEMPLATES: Template[] = [
  // Shopper
  (k) => segment(k.openSid).map((sid) => ({ method: 'GET', path: `/api/pay/${sid}`, key: false })),
  (k) =>
    fc.tuple(segment(k.openSid), withBody(cardPayment())).map(([sid, body]) => ({
      method: 'POST',
      path: `/api/pay/${sid}/v1/transactions`,
      key: false,
      ...body,
    })),
  (k) =>
    fc.tuple(segment(k.openSid), withBody(pixPayment())).map(([sid, body]) => ({
      method: 'POST',
      path: `/api/pay/${sid}/v1/transactions`,
      key: false,
      ...body,
    })),
  (k) =>
    fc.tuple(segment(k.paidSid), segment(k.transactionId)).map(([sid, tx]) => ({
      method: 'GET',
      path: `/api/pay/${sid}/v1/transactions/${tx}`,
      key: false,
    })),
  (k) =>
    fc.tuple(segment(k.openSid), withBody({ amount: 16590, installments: 3 })).map(([sid, body]) => ({
      method: 'POST',
      path: `/api/pay/${sid}/v1/simulate/tax`,
      key: false,
      ...body,
    })),
  (k) => segment(k.setupSid).map((sid) => ({ method: 'GET', path: `/api/pay/${sid}/cards`, key: false })),
  (k) =>
    fc.tuple(segment(k.setupSid), segment('1')).map(([sid, card]) => ({
      method: 'DELETE',
      path: `/api/pay/${sid}/cards/${card}`,
      key: false,
    })),
  (k) =>
    fc.tuple(segment(k.setupSid), withBody(CARD)).map(([sid, body]) => ({
      method: 'POST',
      path: `/api/pay/${sid}/v1/cards`,
      key: false,
      ...body,
    })),
  () => segment('01310100').map((cep) => ({ method: 'GET', path: `/api/cep/${cep}`, key: false })),
  // Merchant
  () =>
    withBody(orderBody({ customer: { external_id: 'c-1', name: 'Ana' }, metadata: { order: '1' } })).map(
      (body) => ({ method: 'POST', path: '/api/v1/checkout-sessions', key: TEST_KEY, ...body }),
    ),
  (k) =>
    segment(k.openSid).map((id) => ({
      method: 'GET',
      path: `/api/v1/checkout-sessions/${id}`,
      key: TEST_KEY,
    })),
  (k) =>
    segment(k.openSid).map((id) => ({
      method: 'POST',
      path: `/api/v1/checkout-sessions/${id}/expire`,
      key: TEST_KEY,
    })),
  () =>
    fc
      .array(
        fc.tuple(
          fc.constantFrom('limit', 'starting_after', 'status', 'session', 'created_gte', 'created_lte', 'x'),
          fc.oneof(fc.constantFrom(...HOSTILE_STRINGS.slice(0, 12)), fc.string({ maxLength: 12 })),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => ({
        method: 'GET',
        path: `/api/v1/payments?${pairs
          .map(([name, value]) => {
            try {
              return `${name}=${encodeURIComponent(value)}`;
            } catch {
              return `${name}=%ED%A0%80`;
            }
          })
          .join('&')}`,
        key: TEST_KEY,
      })),
  (k) => segment(k.attemptId).map((id) => ({ method: 'GET', path: `/api/v1/payments/${id}`, key: TEST_KEY })),
  (k) =>
    fc
      .tuple(segment(k.attemptId), fc.constantFrom('capture', 'refund'), withBody({ amount: 100 }))
      .map(([id, kind, body]) => ({
        method: 'POST',
        path: `/api/v1/payments/${id}/${kind}`,
        key: TEST_KEY,
        ...body,
      })),
  () =>
    fc.string({ maxLength: 10 }).map((status) => ({
      method: 'GET',
      path: `/api/v1/events?status=${encodeURIComponent(status)}&limit=${status}`,
      key: TEST_KEY,
    })),
  (k) => segment(k.eventId).map((id) => ({ method: 'GET', path: `/api/v1/events/${id}`, key: TEST_KEY })),
  (k) =>
    segment(k.eventId).map((id) => ({ method: 'POST', path: `/api/v1/events/${id}/resend`, key: TEST_KEY })),
  () =>
    segment('c-1').map((customer) => ({
      method: 'GET',
      path: `/api/v1/customers/${customer}/cards`,
      key: TEST_KEY,
    })),
  () =>
    fc.tuple(segment('c-1'), segment('1')).map(([customer, card]) => ({
      method: 'DELETE',
      path: `/api/v1/customers/${customer}/cards/${card}`,
      key: TEST_KEY,
    })),
  () =>
    withBody({ amount: 16590, installments: 3 }).map((body) => ({
      method: 'POST',
      path: '/api/v1/simulate/tax',
      key: TEST_KEY,
      ...body,
    })),
  // Webhook endpoints (decision 280): any URL, by the merchant API and the console; test events.
  () =>
    withBody({
      url: 'https://shop.example/hooks',
      event_types: ['payment.succeeded'],
      description: 'ERP',
    }).map((body) => ({ method: 'POST', path: '/api/v1/webhook-endpoints', key: TEST_KEY, ...body })),
  (k) =>
    fc
      .tuple(segment(k.endpointId), withBody({ url: 'https://shop.example/v2', enabled: false }))
      .map(([id, body]) => ({
        method: 'PATCH',
        path: `/api/v1/webhook-endpoints/${id}`,
        key: TEST_KEY,
        ...body,
      })),
  (k) =>
    segment(k.endpointId).map((id) => ({
      method: 'POST',
      path: `/api/v1/webhook-endpoints/${id}/test`,
      key: TEST_KEY,
    })),
  (k) =>
    withBody({ url: 'https://shop.example/hooks', event_types: ['*'] }).map((body) => ({
      method: 'POST',
      path: '/api/console/developers/webhook-endpoints',
      key: false,
      headers: k.consoleHeaders,
      ...body,
    })),
  (k) =>
    fc.tuple(segment(k.endpointId), withBody({ url: 'https://shop.example/v3' })).map(([id, body]) => ({
      method: 'PATCH',
      path: `/api/console/developers/webhook-endpoints/${id}`,
      key: false,
      headers: k.consoleHeaders,
      ...body,
    })),
  (k) =>
    withBody({ endpoint_id: k.endpointId }).map((body) => ({
      method: 'POST',
      path: '/api/console/events/test',
      key: false,
      headers: k.consoleHeaders,
      ...body,
    })),
  // The merchant key wrong or missing on a merchant path.
  (k) =>
    fc.constantFrom('sk_wrong', false as const, 'Bearer sk_test').map((key) => ({
      method: 'GET',
      path: `/api/v1/checkout-sessions/${k.openSid}`,
      key,
    })),
  // Gateway webhook: signed or not, any body.
  (k) =>
    fc
      .tuple(withBody({ id: Number(k.transactionId), status: 'paid' }), fc.boolean())
      .map(([body, sign]) => ({ method: 'POST', path: GATEWAY_WEBHOOK_PATH, key: false, ...body, sign })),
];

const NO_REQUEST: Request = { method: 'GET', path: '/api/none', key: false };

/** Blocks no webhook may reach (decision 280), as [first address, prefix length]. */
const PRIVATE_IPV4_BLOCKS: readonly (readonly [number, number])[] = (
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const
).map(
  ([first, bits]) => [first.split('.').reduce((value, part) => value * 256 + Number(part), 0), bits] as const,
);

const hex = (value: number) => value.toString(16);

/** One private IPv4 address, written every way a URL parser reads it. */
const privateIpv4Host: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...PRIVATE_IPV4_BLOCKS), fc.nat(), fc.nat(11))
  .map(([[first, bits], pick, spelling]) => {
    const value = first + (pick % 2 ** (32 - bits));
    const octets = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255] as const;
    const [a, b, c, d] = octets;
    const high = Math.floor(value / 65_536);
    const low = value % 65_536;
    switch (spelling) {
      case 0:
        return octets.join('.');
      case 1:
        return String(value);
      case 2:
        return `0x${hex(value)}`;
      case 3:
        return octets.map((octet) => `0${octet.toString(8)}`).join('.');
      case 4:
        return `${a}.${value & 0xffffff}`;
      case 5:
        return `${a}.${b}.${value & 0xffff}`;
      case 6:
        return octets.map((octet) => `0x${hex(octet)}`).join('.');
      case 7:
        return `[::ffff:${a}.${b}.${c}.${d}]`;
      case 8:
        return `[0:0:0:0:0:FFFF:${hex(high)}:${hex(low)}]`;
      case 9:
        return `[64:ff9b::${hex(high)}:${hex(low)}]`;
      case 10:
        return `[2002:${hex(high)}:${hex(low)}::1]`;
      default:
        return `${octets.join('.')}.`;
    }
  });

/** A host that is, or resolves to (the test app's DNS), an address no webhook may reach. */
const privateHost: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: privateIpv4Host },
  fc.constantFrom(
    '[::1]',
    '[::]',
    '[0:0:0:0:0:0:0:1]',
    '[::7f00:1]',
    '[fc00::1]',
    '[fd12:3456::9]',
    '[fe80::1]',
    '[ff02::1]',
    '[100::1]',
    '[64:ff9b:1::a00:1]',
    '[2001:db8::1]',
    '[2001::1]',
    'localhost',
    'LocalHost',
    'localhost.',
    'inside.test',
    'mixed.test',
    'meta.test.',
    'v6.test',
  ),
);

/** How many cases ran: printed so a run shows what it covered (stderr: the lint allows it, vitest shows it). */
function report(line: string): void {
  console.warn(line);
}

async function send(t: TestApp, request: Request): Promise<CallResult> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType) headers['content-type'] = request.contentType;
  let rawBody = request.rawBody;
  if (request.sign) {
    rawBody ??= JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
    const timestamp = Math.floor(t.deps.now().getTime() / 1000);
    headers[GATEWAY_SIGNATURE_HEADER] =
      `t=${timestamp},v1=${await hmacSha256Hex(WEBHOOK_SECRET, `${timestamp}.${rawBody}`)}`;
  }
  const base = { key: request.key, headers };
  return rawBody !== undefined
    ? call(t.app, request.method, request.path, { ...base, rawBody })
    : call(t.app, request.method, request.path, { ...base, body: request.body });
}

function describeRequest(request: Request): string {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body).slice(0, 300);
  return JSON.stringify({ ...request, body });
}

describe.each(DRIVERS)('fuzzing the API (%s)', (driver) => {
  let database: TestDatabase;
  let gateway: HostileGateway;
  let t: TestApp;
  /** Loopback: any request that reaches it is one the server must never have made. */
  let canary: Server;
  const canaryHits: string[] = [];
  const canaryPort = () => (canary.address() as AddressInfo).port;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    gateway = await startHostileGateway();
    canary = createServer((req, res) => {
      canaryHits.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    t = buildTestApp({
      // As in production: no private host allowed. Names whose records are private, or partly so.
      dns: {
        'inside.test': ['10.1.2.3'],
        'mixed.test': ['93.184.215.14', '192.168.0.1'],
        'meta.test': ['169.254.169.254'],
        'v6.test': ['fd00::1'],
      },
      db: database.db,
      gatewayUrl: gateway.url,
      gatewayTimeoutMs: 3_000,
      gatewayWebhookSecret: WEBHOOK_SECRET,
      policy: {
        refreshIntervalMs: 0,
        attemptsPerSession: UNLIMITED,
        attemptsPerAddress: UNLIMITED,
        simulationsPerAddress: UNLIMITED,
        cepLookupsPerAddress: UNLIMITED,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await gateway.close();
    await new Promise<void>((resolve) => {
      canary.closeAllConnections();
      canary.close(() => resolve());
    });
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    gateway.reset();
    t.clock.offsetMs = 0;
  });

  async function knownObjects(): Promise<Known> {
    const open = await createTestSession(t.app);
    const paid = await createTestSession(t.app);
    const setup = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
      key: TEST_KEY,
      body: { reference: 'setup-1', mode: 'setup', customer: { external_id: 'c-1' } },
    });
    const transaction = await call(t.app, 'POST', `/api/pay/${paid.id}/v1/transactions`, {
      body: cardPayment(),
    });
    const [attempt] = await t.deps.db.select().from(paymentAttempts);
    const events = await queryRows(t.deps.db, sql`select id from outbox_events limit 1`);
    const endpoint = await call(t.app, 'POST', '/api/v1/webhook-endpoints', {
      key: TEST_KEY,
      body: { url: 'https://shop.example/hooks', event_types: ['*'] },
    });
    await createConsoleUser(t.deps.db, 'owner@loja.test', 'owner');
    const owner = await logInAs(t.app, 'owner@loja.test');
    return {
      openSid: open.id,
      setupSid: (setup.json as { id: string }).id,
      paidSid: paid.id,
      attemptId: attempt?.id ?? 'none',
      transactionId: String((transaction.json as { id: number }).id),
      eventId: typeof events[0]?.id === 'string' ? events[0].id : 'none',
      endpointId: (endpoint.json as { id?: string }).id ?? 'we_none',
      consoleHeaders: {
        cookie: `console_session=${owner.cookie}`,
        origin: PUBLIC_URL,
        'x-csrf-token': owner.csrf,
      },
    };
  }

  /** Every blocking attempt is settled once the gateway is sane and the grace period is over. */
  async function expectNothingUnresolved(): Promise<void> {
    gateway.setMode('sane');
    await t.deps.background.settled();
    t.clock.offsetMs += 10 * 60_000;
    const sessions = await t.deps.db
      .selectDistinct({ id: paymentAttempts.sessionId })
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.status, ['sending', 'unknown']));
    for (const { id } of sessions) {
      const read = await call(t.app, 'GET', `/api/pay/${id}`);
      expect(read.status).toBe(200);
    }
    const unresolved = await t.deps.db
      .select({ id: paymentAttempts.id, status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.status, ['sending', 'unknown']));
    expect(unresolved).toEqual([]);
  }

  it('random and hostile requests: no 5xx, every 4xx documented, nothing reaches the gateway for a 4xx', async () => {
    const known = await knownObjects();
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .nat({ max: TEMPLATES.length - 1 })
          .chain((index) => (TEMPLATES[index] ?? TEMPLATES[0] ?? (() => fc.constant(NO_REQUEST)))(known)),
        async (request) => {
          cases += 1;
          const before = gateway.calls.length;
          const result = await send(t, request);
          await t.deps.background.settled();
          const context = describeRequest(request);
          expect(result.status, context).toBeLessThan(500);
          if (result.status >= 400) {
            expect(apiErrorBodySchema.safeParse(result.json).success, context).toBe(true);
            // A 4xx of ours costs no gateway call; the gateway's own refusal (its 4xx) passed on is the only exception.
            const reached = gateway.calls.slice(before).filter((entry) => entry.status < 400);
            expect(reached, context).toEqual([]);
          }
          expect(findUnsafeText(result.json), context).toBeUndefined();
        },
      ),
      { seed: SEED, numRuns: 100_000, plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)] },
    );
    report(`fuzz (${driver}): ${cases} requests, seed ${SEED}`);
    expect(cases).toBeGreaterThan(50);
    const sessions = await t.deps.db.select({ id: checkoutSessions.id }).from(checkoutSessions);
    expect(sessions.length).toBeGreaterThan(0);
    await expectNothingUnresolved();
  }, 60_000);

  it('webhook URLs at a private address, however spelled: refused by both doors, nothing saved, nothing sent', async () => {
    const known = await knownObjects();
    let cases = 0;
    let notPublic = 0;
    const door = fc.constantFrom('api-create', 'api-patch', 'console-create', 'console-patch');
    const url = fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTPS'),
        privateHost,
        fc.boolean(),
        fc.constantFrom('/', '/admin', '/latest/meta-data/', '/hooks?x=1', ''),
      )
      .map(
        ([scheme, host, withPort, path]) => `${scheme}://${host}${withPort ? `:${canaryPort()}` : ''}${path}`,
      );
    await fc.assert(
      fc.asyncProperty(door, url, async (via, target) => {
        cases += 1;
        const create = { url: target, event_types: ['*'] };
        const patch = { url: target };
        const request: Request =
          via === 'api-create'
            ? { method: 'POST', path: '/api/v1/webhook-endpoints', key: TEST_KEY, body: create }
            : via === 'api-patch'
              ? {
                  method: 'PATCH',
                  path: `/api/v1/webhook-endpoints/${known.endpointId}`,
                  key: TEST_KEY,
                  body: patch,
                }
              : via === 'console-create'
                ? {
                    method: 'POST',
                    path: '/api/console/developers/webhook-endpoints',
                    key: false,
                    headers: known.consoleHeaders,
                    body: create,
                  }
                : {
                    method: 'PATCH',
                    path: `/api/console/developers/webhook-endpoints/${known.endpointId}`,
                    key: false,
                    headers: known.consoleHeaders,
                    body: patch,
                  };
        const result = await send(t, request);
        const context = describeRequest(request);
        expect(result.status, context).toBe(400);
        const [error] = apiErrorBodySchema.parse(result.json).errors;
        // The URL rule of the contract (https, http only on localhost) or the egress check: both name `url`.
        expect(error?.parameter_name, context).toBe('url');
        expect(['url_not_public', 'invalid_parameter'], context).toContain(error?.type);
        if (error?.type === 'url_not_public') notPublic += 1;
      }),
      { seed: SEED, numRuns: 100_000, plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)] },
    );
    // The one endpoint there is keeps its URL; test events and deliveries to it reach nobody here.
    const list = await call(t.app, 'GET', '/api/v1/webhook-endpoints', { key: TEST_KEY });
    expect((list.json as { data: { url: string }[] }).data.map((endpoint) => endpoint.url)).toEqual([
      'https://shop.example/hooks',
    ]);
    expect(canaryHits).toEqual([]);
    report(
      `fuzz webhook URLs (${driver}): ${cases} private URLs refused, ${notPublic} by the egress check, seed ${SEED}`,
    );
    expect(cases).toBeGreaterThan(50);
    // Most get past the contract's own URL rule: the egress check is what refuses them.
    expect(notPublic).toBeGreaterThan(cases / 2);
  }, 60_000);

  it('hostile gateway answers: no 500, nothing unsafe echoed, no attempt left unresolved', async () => {
    const known = await knownObjects();
    let cases = 0;
    const action = fc.constantFrom(
      'card',
      'pix',
      'read',
      'simulate',
      'merchant-read',
      'capture',
      'refund',
      'webhook',
      'save-card',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...HOSTILE_MODES), action, async (mode, what) => {
        cases += 1;
        gateway.setMode(mode);
        let request: Request;
        switch (what) {
          case 'card':
          case 'pix': {
            // Each payment of its own amount: the gateway takes no reference of ours, so identical payments
            // in one window could only be told apart by their amount (docs/decisions: matching).
            const amount = 10_000 + cases;
            const items = [{ title: 'Fuzz', unit_price: amount, quantity: 1, tangible: true }];
            const { id } = await createTestSession(t.app, { items, shipping_fee: 0 });
            request = {
              method: 'POST',
              path: `/api/pay/${id}/v1/transactions`,
              key: false,
              body: what === 'card' ? cardPayment({ amount, items }) : pixPayment({ amount, items }),
            };
            break;
          }
          case 'read':
            request = {
              method: 'GET',
              path: `/api/pay/${known.paidSid}/v1/transactions/${known.transactionId}`,
              key: false,
            };
            break;
          case 'simulate':
            request = {
              method: 'POST',
              path: `/api/pay/${known.openSid}/v1/simulate/tax`,
              key: false,
              body: { amount: 16590, installments: 2 },
            };
            break;
          case 'merchant-read':
            request = { method: 'GET', path: `/api/v1/payments/${known.attemptId}`, key: TEST_KEY };
            break;
          case 'capture':
          case 'refund':
            request = {
              method: 'POST',
              path: `/api/v1/payments/${known.attemptId}/${what}`,
              key: TEST_KEY,
              body: { amount: 1 },
            };
            break;
          case 'webhook':
            request = {
              method: 'POST',
              path: GATEWAY_WEBHOOK_PATH,
              key: false,
              body: { id: Number(known.transactionId) },
              sign: true,
            };
            break;
          case 'save-card': {
            const setup = await call(t.app, 'POST', '/api/v1/checkout-sessions', {
              key: TEST_KEY,
              body: { reference: 'setup-2', mode: 'setup', customer: { external_id: 'c-2' } },
            });
            request = {
              method: 'POST',
              path: `/api/pay/${(setup.json as { id: string }).id}/v1/cards`,
              key: false,
              body: CARD,
            };
            break;
          }
        }
        const result = await send(t, request);
        await t.deps.background.settled();
        const context = `${mode} ${describeRequest(request)}`;
        expect(result.status, context).not.toBe(500);
        if (result.status >= 400)
          expect(apiErrorBodySchema.safeParse(result.json).success, context).toBe(true);
        expect(findUnsafeText(result.json), context).toBeUndefined();
      }),
      { seed: SEED, numRuns: 100_000, plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)] },
    );
    report(`fuzz hostile gateway (${driver}): ${cases} cases, seed ${SEED}`);
    expect(cases).toBeGreaterThan(20);
    await expectNothingUnresolved();
  }, 60_000);
});
