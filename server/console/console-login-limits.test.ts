import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../app-deps.ts';
import { CONSOLE_PASSWORD, createConsoleUser } from '../test/console-helpers.ts';
import { buildTestApp, call, PUBLIC_URL, type CallResult, type TestApp } from '../test/test-app.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { totpAt } from './totp.ts';

const WINDOW = DEFAULT_POLICY.consoleLoginFailuresPerAccount.windowMs;
const OWNER = 'ana@loja.test';

/**
 * The production limits (docs/decisions/284-console-login-failures-and-common-passwords.md): 30 failures per
 * address, 5 per account and address, pacing past 10 per account, one failure per address and minute while paced.
 */
describe.each(DRIVERS)('console log-in limits (%s)', { timeout: 60_000 }, (driver) => {
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
    // A second into a 15-minute window (so a minute's too): no window ends halfway through a test by chance.
    const now = Date.now();
    t.clock.offsetMs = Math.ceil(now / WINDOW) * WINDOW - now + 1_000;
    await createConsoleUser(database.db, OWNER, 'owner');
  });

  const login = (address: string, password: string, extra: { email?: string; totp?: string } = {}) =>
    call(t.app, 'POST', '/api/console/login', {
      body: { email: extra.email ?? OWNER, password, ...(extra.totp ? { totp: extra.totp } : {}) },
      headers: { origin: PUBLIC_URL },
      address,
    });

  function retryAfter(answer: CallResult): number {
    expect(answer.status).toBe(429);
    const seconds = Number(answer.headers.get('retry-after'));
    expect(answer.json).toEqual({
      errors: [
        {
          message: `Too many failed attempts to log in. Try again in ${seconds} seconds.`,
          parameter_name: null,
          type: 'rate_limited',
        },
      ],
    });
    return seconds;
  }

  it("a stranger's failures from many addresses never refuse the owner's right password from a new address; a typo costs a minute at most", async () => {
    for (let i = 1; i <= 12; i += 1) {
      expect((await login(`203.0.113.${i}`, `guess number ${i}`)).status).toBe(401);
    }
    // The account is paced: an address that failed on it waits for the next minute…
    const paced = retryAfter(await login('203.0.113.1', 'guess number 13'));
    expect(paced).toBeGreaterThan(0);
    expect(paced).toBeLessThanOrEqual(60);
    // …and the owner, from an address that did not fail, is not slowed at all.
    expect((await login('198.51.100.20', CONSOLE_PASSWORD)).status).toBe(200);

    // The owner mistypes once from another address: the right password waits at most the pace…
    expect((await login('198.51.100.21', 'my old password')).status).toBe(401);
    const wait = retryAfter(await login('198.51.100.21', CONSOLE_PASSWORD));
    expect(wait).toBeLessThanOrEqual(60);
    // …and is let in once that wait is over (the injected clock, no sleep).
    t.clock.offsetMs += wait * 1000;
    expect((await login('198.51.100.21', CONSOLE_PASSWORD)).status).toBe(200);
  });

  it('failures on an account from one address are limited: the sixth is refused until the window ends, even right', async () => {
    for (let i = 1; i <= 5; i += 1)
      expect((await login('203.0.113.9', `guess number ${i}`)).status).toBe(401);
    const blocked = retryAfter(await login('203.0.113.9', CONSOLE_PASSWORD));
    expect(blocked).toBeGreaterThan(14 * 60);
    expect(blocked).toBeLessThanOrEqual(15 * 60);
    // Only that address: the owner elsewhere logs in.
    expect((await login('198.51.100.20', CONSOLE_PASSWORD)).status).toBe(200);
    t.clock.offsetMs += blocked * 1000;
    expect((await login('203.0.113.9', CONSOLE_PASSWORD)).status).toBe(200);
  });

  it('failures from one address across accounts are limited: the 31st is refused', async () => {
    for (let i = 1; i <= 30; i += 1) {
      expect((await login('203.0.113.9', 'guess', { email: `user${i}@loja.test` })).status).toBe(401);
    }
    expect(retryAfter(await login('203.0.113.9', CONSOLE_PASSWORD))).toBeGreaterThan(14 * 60);
    expect((await login('198.51.100.20', CONSOLE_PASSWORD)).status).toBe(200);
  });

  it('successes are not counted: eleven log-ins, then five failures, from one address', async () => {
    for (let i = 1; i <= 11; i += 1)
      expect((await login('198.51.100.20', CONSOLE_PASSWORD)).status).toBe(200);
    for (let i = 1; i <= 5; i += 1) expect((await login('198.51.100.20', `typo ${i}`)).status).toBe(401);
    retryAfter(await login('198.51.100.20', 'typo 6'));
  });

  it('concurrent guesses are counted before any password is checked: five of ten get an answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login('203.0.113.9', `parallel guess ${i}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('a right password still asking its two-step code is not a failure; wrong codes are', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await database.db.execute(sql`update console_users set totp_secret = ${secret}`);
    for (let i = 1; i <= 6; i += 1) {
      const answer = await login('203.0.113.9', CONSOLE_PASSWORD);
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.json)).toContain('totp_required');
    }
    const right = totpAt(secret, t.deps.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i += 1) {
      const answer = await login('203.0.113.9', CONSOLE_PASSWORD, { totp: wrong });
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.json)).toContain('totp_invalid');
    }
    retryAfter(await login('203.0.113.9', CONSOLE_PASSWORD, { totp: right }));
  });
});
