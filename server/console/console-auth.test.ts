import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleMeSchema } from '../../contract/console/console-auth.ts';
import { queryRows } from '../db/query-rows.ts';
import { CONSOLE_PASSWORD, cookieOf, createConsoleUser, logInAs } from '../test/console-helpers.ts';
import { call, PUBLIC_URL, type TestApp } from '../test/test-app.ts';
import { BOTH_DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';
import { recordAudit } from './audit.ts';
import { addConsoleUser } from './console-users.ts';
import { totpAt } from './totp.ts';

const MINUTE = 60_000;

describe.each(BOTH_DRIVERS)('console accounts (%s)', { timeout: 30_000 }, (driver) => {
  let database: TestDatabase, t: TestApp;
  // Log-in limits: console-login-limits.test.ts.
  suiteApp(driver, {}, (s) => ({ database, t } = s));

  const login = (
    body: Record<string, unknown>,
    headers: Record<string, string> = { origin: PUBLIC_URL },
    address?: string,
  ) => call(t.app, 'POST', '/api/console/login', { body, headers, ...(address ? { address } : {}) });

  async function auditActions(): Promise<string[]> {
    const rows = await queryRows(database.db, sql`select action from console_audit_log order by id`);
    return rows.map((row) => String(row.action));
  }

  it('logs in with the right password: an httpOnly, SameSite=Strict, Secure cookie on the console API only', async () => {
    // Made as the add-user command makes it (the helper's users are hashed at a test cost): the hash is checked.
    await addConsoleUser(
      database.db,
      { email: 'ana@loja.test', role: 'owner', password: CONSOLE_PASSWORD },
      { userId: null, email: 'cli' },
      new Date(),
    );
    const answer = await login({ email: 'Ana@Loja.test', password: CONSOLE_PASSWORD });
    expect(answer.status).toBe(200);
    const me = consoleMeSchema.parse(answer.json);
    expect(me.user).toMatchObject({ email: 'ana@loja.test', role: 'owner', totp_enabled: false });
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Path=\/api\/console/);
    // The database keeps only the token's hash, never the cookie's value.
    const token = cookieOf(answer) ?? '';
    const stored = await queryRows(database.db, sql`select id from console_sessions`);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).not.toBe(token);
    // The password is stored as a scrypt hash.
    const [user] = await queryRows(database.db, sql`select password_hash from console_users`);
    expect(String(user?.password_hash)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(String(user?.password_hash)).not.toContain(CONSOLE_PASSWORD);
    expect(await auditActions()).toEqual(['user.create', 'session.login']);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail, and records the failure', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const wrong = await login({ email: 'ana@loja.test', password: 'not the password' });
    const unknown = await login({ email: 'nobody@loja.test', password: CONSOLE_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(cookieOf(wrong)).toBeUndefined();
    expect(await auditActions()).toEqual(['user.create', 'session.login_failed', 'session.login_failed']);
  });

  it('refuses a malformed login with a 400 naming the field', async () => {
    const answer = await login({ email: 'ana@loja.test' });
    expect(answer.status).toBe(400);
  });

  it('refuses a login from another origin (login CSRF)', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    expect(
      (await login({ email: 'ana@loja.test', password: CONSOLE_PASSWORD }, { origin: 'https://evil.test' }))
        .status,
    ).toBe(403);
    expect((await login({ email: 'ana@loja.test', password: CONSOLE_PASSWORD }, {})).status).toBe(403);
  });

  it('ends a session after 30 idle minutes and after 12 hours however active', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const browser = await logInAs(t.app, 'ana@loja.test');
    t.clock.offsetMs = 29 * MINUTE;
    expect((await browser.call('GET', '/api/console/me')).status).toBe(200);
    t.clock.offsetMs = 58 * MINUTE;
    expect((await browser.call('GET', '/api/console/me')).status).toBe(200);
    t.clock.offsetMs = 89 * MINUTE;
    const idle = await browser.call('GET', '/api/console/me');
    expect(idle.status).toBe(401);

    t.clock.offsetMs = 0;
    const active = await logInAs(t.app, 'ana@loja.test');
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      t.clock.offsetMs = minutes * MINUTE;
      expect((await active.call('GET', '/api/console/me')).status).toBe(200);
    }
    t.clock.offsetMs = 12 * 60 * MINUTE + MINUTE;
    expect((await active.call('GET', '/api/console/me')).status).toBe(401);
  });

  it('rotates the session on login and ends it on logout', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const first = await logInAs(t.app, 'ana@loja.test');
    const again = await call(t.app, 'POST', '/api/console/login', {
      headers: { origin: PUBLIC_URL, cookie: `console_session=${first.cookie}` },
      body: { email: 'ana@loja.test', password: CONSOLE_PASSWORD },
    });
    expect(cookieOf(again)).not.toBe(first.cookie);
    expect((await first.call('GET', '/api/console/me')).status).toBe(401);

    const second = await logInAs(t.app, 'ana@loja.test');
    expect((await second.call('POST', '/api/console/logout')).status).toBe(204);
    expect((await second.call('GET', '/api/console/me')).status).toBe(401);
  });

  it('refuses a change without the CSRF token or from another origin', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const browser = await logInAs(t.app, 'ana@loja.test');
    const body = { email: 'bia@loja.test', role: 'staff', current_password: CONSOLE_PASSWORD };
    expect(
      (await browser.call('POST', '/api/console/users', { body, headers: { 'x-csrf-token': 'stale' } }))
        .status,
    ).toBe(403);
    expect(
      (await browser.call('POST', '/api/console/users', { body, headers: { origin: 'https://evil.test' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/console/users', { body, headers: { origin: PUBLIC_URL } })).status,
    ).toBe(401);
    expect((await browser.call('POST', '/api/console/users', { body })).status).toBe(201);
  });

  it('lets owners alone manage users; the last owner keeps the role; every change is audited', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const staffId = await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    await createConsoleUser(database.db, 'caio@loja.test', 'viewer');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const staff = await logInAs(t.app, 'bia@loja.test');
    const viewer = await logInAs(t.app, 'caio@loja.test');
    const confirmed = { current_password: CONSOLE_PASSWORD };
    const created = await owner.call('POST', '/api/console/users', {
      body: { email: 'dora@loja.test', role: 'viewer', ...confirmed },
    });
    expect(created.status).toBe(201);
    const { password } = created.json as { password: string };
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(
      (
        await owner.call('POST', '/api/console/users', {
          body: { email: 'dora@loja.test', role: 'viewer', ...confirmed },
        })
      ).status,
    ).toBe(409);
    for (const browser of [staff, viewer]) {
      expect(
        (
          await browser.call('POST', '/api/console/users', {
            body: { email: 'eve@loja.test', role: 'owner', ...confirmed },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await browser.call('PATCH', `/api/console/users/${staffId}`, {
            body: { role: 'owner', ...confirmed },
          })
        ).status,
      ).toBe(403);
      expect((await browser.call('GET', '/api/console/users')).status).toBe(403);
      expect((await browser.call('GET', '/api/console/audit')).status).toBe(403);
    }
    const me = consoleMeSchema.parse((await owner.call('GET', '/api/console/me')).json);
    expect(
      (
        await owner.call('PATCH', `/api/console/users/${me.user.id}`, {
          body: { role: 'staff', ...confirmed },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await owner.call('PATCH', `/api/console/users/${staffId}`, {
          body: { role: 'viewer', ...confirmed },
        })
      ).status,
    ).toBe(200);
    // A changed role ends the user's sessions.
    expect((await staff.call('GET', '/api/console/me')).status).toBe(401);
    const audit = (await owner.call('GET', '/api/console/audit')).json as {
      data: { action: string; user_email: string }[];
    };
    expect(audit.data.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.create', 'user.change']),
    );
    expect(audit.data.find((row) => row.action === 'user.change')?.user_email).toBe('ana@loja.test');
  });

  it('pages the audit log newest first with `before`, and refuses a malformed `before` with a 400', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const owner = await logInAs(t.app, 'ana@loja.test');
    // 1 user.create + 1 login + 55 exports: 57 rows, two pages of 50 (written directly: hashing 55
    // new users' passwords would take the test's whole time).
    for (let index = 0; index < 55; index += 1) {
      await recordAudit(
        database.db,
        { userId: null, email: 'ana@loja.test' },
        'payment.export',
        { type: 'payment', id: null },
        { index },
        new Date(),
      );
    }
    type Page = {
      data: { id: number; action: string; target_id: string | null }[];
      next_before: number | null;
    };
    const first = (await owner.call('GET', '/api/console/audit')).json as Page;
    expect(first.data).toHaveLength(50);
    expect(first.data[0]?.action).toBe('payment.export');
    const ids = first.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next_before).toBe(ids.at(-1));
    const second = (await owner.call('GET', `/api/console/audit?before=${String(first.next_before)}`))
      .json as Page;
    expect(second.data).toHaveLength(7);
    expect(second.next_before).toBeNull();
    expect(second.data.every((row) => row.id < (first.next_before ?? 0))).toBe(true);
    expect(second.data.map((row) => row.action).slice(-2)).toEqual(['session.login', 'user.create']);
    for (const bad of ['0', '-1', 'abc', '1.5', '9'.repeat(20)]) {
      const answer = await owner.call('GET', `/api/console/audit?before=${bad}`);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.json)).toContain('before');
    }
    expect((await owner.call('GET', '/api/console/audit?sort=asc')).status).toBe(400);
  });

  it('asks an owner with TOTP on for the code, and accepts only the right one', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const { secret } = (await owner.call('POST', '/api/console/me/totp')).json as { secret: string };
    const current_password = CONSOLE_PASSWORD;
    expect(
      (
        await owner.call('POST', '/api/console/me/totp/confirm', {
          body: { secret, code: '000000', current_password },
        })
      ).status,
    ).toBe(totpAt(secret, t.deps.now()) === '000000' ? 204 : 400);
    const code = totpAt(secret, t.deps.now());
    expect(
      (await owner.call('POST', '/api/console/me/totp/confirm', { body: { secret, code, current_password } }))
        .status,
    ).toBe(204);
    const without = await login({ email: 'ana@loja.test', password: CONSOLE_PASSWORD });
    expect(without.status).toBe(401);
    expect(JSON.stringify(without.json)).toContain('totp_required');
    const wrongCode = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    expect(
      (await login({ email: 'ana@loja.test', password: CONSOLE_PASSWORD, totp: wrongCode })).status,
    ).toBe(401);
    // The code that turned two-step on is used: the next one logs in.
    t.clock.offsetMs = 30_000;
    const withCode = await login({
      email: 'ana@loja.test',
      password: CONSOLE_PASSWORD,
      totp: totpAt(secret, t.deps.now()),
    });
    expect(withCode.status).toBe(200);
  });
});
