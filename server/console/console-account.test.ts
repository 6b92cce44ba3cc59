import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleMeSchema } from '../../contract/console/console-auth.ts';
import { consoleNewUserSchema, consoleUserListSchema } from '../../contract/console/console-settings.ts';
import { queryRows } from '../db/query-rows.ts';
import {
  CONSOLE_PASSWORD,
  createConsoleUser,
  logInAs,
  type ConsoleBrowser,
} from '../test/console-helpers.ts';
import { call, parameterNames, PUBLIC_URL, type CallResult, type TestApp } from '../test/test-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';
import { newTotpSecret, totpAt } from './totp.ts';

const NEW_PASSWORD = 'a brand new passphrase 42';

describe.each(DRIVERS)('console accounts: codes, passwords, access (%s)', { timeout: 60_000 }, (driver) => {
  let database: TestDatabase, t: TestApp;
  suiteApp(driver, {}, (s) => ({ database, t } = s));

  const login = (email: string, password: string, totp?: string) =>
    call(t.app, 'POST', '/api/console/login', {
      headers: { origin: PUBLIC_URL },
      body: { email, password, ...(totp === undefined ? {} : { totp }) },
    });
  const code = (secret: string) => totpAt(secret, t.deps.now());
  /** The next 30-second step: a fresh code. */
  const nextStep = () => {
    t.clock.offsetMs += 30_000;
  };
  const errorType = (answer: CallResult) =>
    (answer.json as { errors: { type: string }[] }).errors.map((error) => error.type);

  async function audit(): Promise<
    { action: string; email: string; target: string | null; detail: Record<string, unknown> }[]
  > {
    const rows = await queryRows(
      database.db,
      sql`select action, user_email, target_id, detail from console_audit_log order by id`,
    );
    return rows.map((row) => ({
      action: String(row.action),
      email: String(row.user_email),
      target: typeof row.target_id === 'string' ? row.target_id : null,
      detail: row.detail as Record<string, unknown>,
    }));
  }

  async function turnOnTotp(browser: ConsoleBrowser): Promise<string> {
    const { secret } = (await browser.call('POST', '/api/console/me/totp')).json as { secret: string };
    const answer = await browser.call('POST', '/api/console/me/totp/confirm', {
      body: { secret, code: code(secret), current_password: CONSOLE_PASSWORD },
    });
    expect(answer.status).toBe(204);
    nextStep();
    return secret;
  }

  it('accepts a two-step code once: the same code again within its window is refused', async () => {
    const anaId = await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    // Two-step on as the Settings page leaves it, written directly: this test is about the log-in alone.
    const secret = newTotpSecret();
    await database.db.execute(sql`update console_users set totp_secret = ${secret} where id = ${anaId}`);
    const once = code(secret);
    expect((await login('ana@loja.test', CONSOLE_PASSWORD, once)).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await login('ana@loja.test', CONSOLE_PASSWORD, once);
      expect(again.status).toBe(401);
      expect(errorType(again)).toEqual(['totp_invalid']);
    }
    // Two log-ins racing with one fresh code: one gets in.
    nextStep();
    const racing = await Promise.all(
      [1, 2, 3].map(() => login('ana@loja.test', CONSOLE_PASSWORD, code(secret))),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
    const failures = (await audit()).filter((row) => row.action === 'session.login_failed');
    expect(failures).toHaveLength(4);
    expect(failures.every((row) => row.detail.reason === 'totp')).toBe(true);
  });

  it('refuses the code that turned two-step on as a log-in code', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const { secret } = (await owner.call('POST', '/api/console/me/totp')).json as { secret: string };
    const confirmCode = code(secret);
    expect(
      (
        await owner.call('POST', '/api/console/me/totp/confirm', {
          body: { secret, code: confirmCode, current_password: CONSOLE_PASSWORD },
        })
      ).status,
    ).toBe(204);
    expect((await login('ana@loja.test', CONSOLE_PASSWORD, confirmCode)).status).toBe(401);
  });

  it('changes my password with the current password and code; my other sessions end; audited', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'staff');
    const here = await logInAs(t.app, 'ana@loja.test');
    const secret = await turnOnTotp(here);
    const loginCode = code(secret);
    const elsewhere = await logInAs(t.app, 'ana@loja.test', { totp: loginCode });
    const change = (body: Record<string, unknown>) => here.call('POST', '/api/console/me/password', { body });

    const missing = await change({ new_password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(parameterNames(missing.json)).toContain('current_password');
    const wrong = await change({ current_password: 'not my password', new_password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(errorType(wrong)).toEqual(['wrong_password']);
    expect(parameterNames(wrong.json)).toEqual(['current_password']);
    const noCode = await change({ current_password: CONSOLE_PASSWORD, new_password: NEW_PASSWORD });
    expect(errorType(noCode)).toEqual(['totp_required']);
    expect(parameterNames(noCode.json)).toEqual(['current_totp']);
    const used = await change({
      current_password: CONSOLE_PASSWORD,
      current_totp: loginCode,
      new_password: NEW_PASSWORD,
    });
    expect(used.status).toBe(400);
    expect(errorType(used)).toEqual(['totp_invalid']);
    nextStep();
    const short = await change({
      current_password: CONSOLE_PASSWORD,
      current_totp: code(secret),
      new_password: 'short',
    });
    expect(short.status).toBe(400);
    expect(parameterNames(short.json)).toEqual(['new_password']);
    // Nothing changed so far: both sessions live, the old password works.
    expect((await elsewhere.call('GET', '/api/console/me')).status).toBe(200);

    const done = await change({
      current_password: CONSOLE_PASSWORD,
      current_totp: code(secret),
      new_password: NEW_PASSWORD,
    });
    expect(done.status).toBe(204);
    expect((await here.call('GET', '/api/console/me')).status).toBe(200);
    expect((await elsewhere.call('GET', '/api/console/me')).status).toBe(401);
    nextStep();
    expect((await login('ana@loja.test', CONSOLE_PASSWORD, code(secret))).status).toBe(401);
    nextStep();
    expect((await login('ana@loja.test', NEW_PASSWORD, code(secret))).status).toBe(200);

    const rows = await audit();
    expect(rows.filter((row) => row.action === 'user.password')).toHaveLength(1);
    expect(rows.filter((row) => row.action === 'session.reauth_failed').map((row) => row.detail)).toEqual([
      expect.objectContaining({ reason: 'password', for: 'password' }),
      expect.objectContaining({ reason: 'totp_used', for: 'password' }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });

  it('changes a password without two-step with the current password alone', async () => {
    await createConsoleUser(database.db, 'bia@loja.test', 'viewer');
    const bia = await logInAs(t.app, 'bia@loja.test');
    const other = await logInAs(t.app, 'bia@loja.test');
    const answer = await bia.call('POST', '/api/console/me/password', {
      body: { current_password: CONSOLE_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(answer.status).toBe(204);
    expect((await other.call('GET', '/api/console/me')).status).toBe(401);
    expect((await login('bia@loja.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('turns two-step on only with the password; replacing or removing it needs the password and a code', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const here = await logInAs(t.app, 'ana@loja.test');
    const { secret: first } = (await here.call('POST', '/api/console/me/totp')).json as { secret: string };
    const withoutPassword = await here.call('POST', '/api/console/me/totp/confirm', {
      body: { secret: first, code: code(first) },
    });
    expect(withoutPassword.status).toBe(400);
    expect(parameterNames(withoutPassword.json)).toContain('current_password');
    const wrongPassword = await here.call('POST', '/api/console/me/totp/confirm', {
      body: { secret: first, code: code(first), current_password: 'nope' },
    });
    expect(errorType(wrongPassword)).toEqual(['wrong_password']);
    const secret = await turnOnTotp(here);
    const elsewhere = await logInAs(t.app, 'ana@loja.test', { totp: code(secret) });
    nextStep();

    // Replace: a code from the new key and one from the current key.
    const { secret: replacement } = (await here.call('POST', '/api/console/me/totp')).json as {
      secret: string;
    };
    const replace = (extra: Record<string, unknown>) =>
      here.call('POST', '/api/console/me/totp/confirm', {
        body: { secret: replacement, code: code(replacement), ...extra },
      });
    expect(errorType(await replace({ current_password: CONSOLE_PASSWORD }))).toEqual(['totp_required']);
    expect(errorType(await replace({ current_password: 'nope', current_totp: code(secret) }))).toEqual([
      'wrong_password',
    ]);
    expect((await elsewhere.call('GET', '/api/console/me')).status).toBe(200);
    expect((await replace({ current_password: CONSOLE_PASSWORD, current_totp: code(secret) })).status).toBe(
      204,
    );
    expect((await elsewhere.call('GET', '/api/console/me')).status).toBe(401);
    expect((await here.call('GET', '/api/console/me')).status).toBe(200);
    nextStep();
    expect((await login('ana@loja.test', CONSOLE_PASSWORD, code(secret))).status).toBe(401);
    const again = await logInAs(t.app, 'ana@loja.test', { totp: code(replacement) });
    nextStep();

    // Remove: the password and a current code.
    const remove = (body: Record<string, unknown>) =>
      here.call('POST', '/api/console/me/totp/remove', { body });
    const noPassword = await remove({ current_totp: code(replacement) });
    expect(noPassword.status).toBe(400);
    expect(parameterNames(noPassword.json)).toContain('current_password');
    expect(errorType(await remove({ current_password: CONSOLE_PASSWORD }))).toEqual(['totp_required']);
    expect(
      errorType(await remove({ current_password: CONSOLE_PASSWORD, current_totp: code(secret) })),
    ).toEqual(['totp_invalid']);
    expect(
      (await remove({ current_password: CONSOLE_PASSWORD, current_totp: code(replacement) })).status,
    ).toBe(204);
    expect((await again.call('GET', '/api/console/me')).status).toBe(401);
    const me = consoleMeSchema.parse((await here.call('GET', '/api/console/me')).json);
    expect(me.user.totp_enabled).toBe(false);
    expect((await login('ana@loja.test', CONSOLE_PASSWORD)).status).toBe(200);
    expect((await remove({ current_password: CONSOLE_PASSWORD })).status).toBe(409);

    const rows = await audit();
    expect(rows.filter((row) => row.action === 'user.totp').map((row) => row.detail)).toEqual([
      { enabled: true, replaced: false },
      { enabled: true, replaced: true },
    ]);
    expect(rows.filter((row) => row.action === 'user.totp_off').map((row) => row.detail)).toEqual([
      { by: 'self' },
    ]);
    expect(rows.filter((row) => row.action === 'session.reauth_failed').length).toBeGreaterThanOrEqual(3);
  });

  it('counts passwords typed again per user: the 21st try in 15 minutes waits', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'viewer');
    const ana = await logInAs(t.app, 'ana@loja.test');
    const body = { current_password: 'guess', new_password: NEW_PASSWORD };
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await ana.call('POST', '/api/console/me/password', { body })).status).toBe(400);
    }
    const blocked = await ana.call('POST', '/api/console/me/password', {
      body: { current_password: CONSOLE_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('ana@loja.test', NEW_PASSWORD)).status).toBe(401);
  });

  it('disables a user: their sessions end at once, they cannot log in, their history stays; enabling lets them in', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const biaId = await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const bia = await logInAs(t.app, 'bia@loja.test');
    const staffTries = await bia.call('POST', `/api/console/users/${biaId}/disable`, {
      body: { current_password: CONSOLE_PASSWORD },
    });
    expect(staffTries.status).toBe(403);

    const access = (action: string, body: Record<string, unknown> = { current_password: CONSOLE_PASSWORD }) =>
      owner.call('POST', `/api/console/users/${biaId}/${action}`, { body });
    const noPassword = await access('disable', {});
    expect(noPassword.status).toBe(400);
    expect(parameterNames(noPassword.json)).toContain('current_password');
    expect(errorType(await access('disable', { current_password: 'nope' }))).toEqual(['wrong_password']);
    expect((await bia.call('GET', '/api/console/me')).status).toBe(200);
    expect(
      (
        await owner.call('POST', '/api/console/users/usr_nobody/disable', {
          body: { current_password: CONSOLE_PASSWORD },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.call('POST', '/api/console/users/not%20an%20id/disable', {
          body: { current_password: CONSOLE_PASSWORD },
        })
      ).status,
    ).toBe(404);

    const disabled = await access('disable');
    expect(disabled.status).toBe(200);
    expect((disabled.json as { disabled_at: string | null }).disabled_at).not.toBeNull();
    expect((await bia.call('GET', '/api/console/me')).status).toBe(401);
    const refused = await login('bia@loja.test', CONSOLE_PASSWORD);
    expect(refused.status).toBe(403);
    expect(errorType(refused)).toEqual(['account_disabled']);
    // A wrong password still says only that.
    expect(errorType(await login('bia@loja.test', 'nope'))).toEqual(['invalid_credentials']);
    const users = consoleUserListSchema.parse((await owner.call('GET', '/api/console/users')).json);
    expect(users.data.find((user) => user.id === biaId)).toMatchObject({ role: 'staff' });
    expect(users.data.find((user) => user.id === biaId)?.disabled_at).not.toBeNull();
    expect((await access('disable')).status).toBe(200);

    const enabled = await access('enable');
    expect(enabled.status).toBe(200);
    expect((enabled.json as { disabled_at: string | null }).disabled_at).toBeNull();
    expect((await login('bia@loja.test', CONSOLE_PASSWORD)).status).toBe(200);

    const rows = await audit();
    // Bia's own history stays.
    expect(
      rows.filter((row) => row.email === 'bia@loja.test' && row.action === 'session.login'),
    ).toHaveLength(2);
    expect(rows.filter((row) => row.target === biaId).map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.disable', 'user.enable', 'session.login_failed']),
    );
    // Disabling a disabled user wrote nothing more.
    expect(rows.filter((row) => row.action === 'user.disable')).toHaveLength(1);
    expect(rows.find((row) => row.action === 'user.disable')?.email).toBe('ana@loja.test');
    expect(rows.filter((row) => row.detail.reason === 'disabled')).toHaveLength(1);
  });

  it('resets a password: the new one is answered once, the old one stops, sessions end; audited', async () => {
    const anaId = await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const biaId = await createConsoleUser(database.db, 'bia@loja.test', 'viewer');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const bia = await logInAs(t.app, 'bia@loja.test');
    const own = await owner.call('POST', `/api/console/users/${anaId}/password`, {
      body: { current_password: CONSOLE_PASSWORD },
    });
    expect(own.status).toBe(409);
    expect(errorType(own)).toEqual(['own_account']);
    const reset = await owner.call('POST', `/api/console/users/${biaId}/password`, {
      body: { current_password: CONSOLE_PASSWORD },
    });
    expect(reset.status).toBe(200);
    const { password } = consoleNewUserSchema.parse(reset.json);
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await bia.call('GET', '/api/console/me')).status).toBe(401);
    expect((await login('bia@loja.test', CONSOLE_PASSWORD)).status).toBe(401);
    expect((await login('bia@loja.test', password)).status).toBe(200);
    const listed = await owner.call('GET', '/api/console/users');
    expect(JSON.stringify(listed.json)).not.toContain(password);
    const rows = await audit();
    expect(rows.filter((row) => row.action === 'user.password_reset')).toEqual([
      expect.objectContaining({ email: 'ana@loja.test', target: biaId }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(password);
    const [stored] = await queryRows(
      database.db,
      sql`select password_hash from console_users where id = ${biaId}`,
    );
    expect(String(stored?.password_hash)).not.toContain(password);
  });

  it("adds a user and changes a role only with the owner's password again; refusals are audited", async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const biaId = await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const add = (body: Record<string, unknown>) => owner.call('POST', '/api/console/users', { body });
    const promote = (body: Record<string, unknown>) =>
      owner.call('PATCH', `/api/console/users/${biaId}`, { body: { role: 'owner', ...body } });

    const noPassword = await add({ email: 'caio@loja.test', role: 'viewer' });
    expect(noPassword.status).toBe(400);
    expect(parameterNames(noPassword.json)).toContain('current_password');
    const wrongAdd = await add({ email: 'caio@loja.test', role: 'viewer', current_password: 'nope' });
    expect(wrongAdd.status).toBe(400);
    expect(errorType(wrongAdd)).toEqual(['wrong_password']);
    expect(parameterNames(wrongAdd.json)).toEqual(['current_password']);
    expect((await promote({})).status).toBe(400);
    const wrongRole = await promote({ current_password: 'nope' });
    expect(wrongRole.status).toBe(400);
    expect(errorType(wrongRole)).toEqual(['wrong_password']);
    // Nothing changed: no new user, Bia still staff.
    let users = consoleUserListSchema.parse((await owner.call('GET', '/api/console/users')).json);
    expect(users.data.map((user) => user.email).sort()).toEqual(['ana@loja.test', 'bia@loja.test']);
    expect(users.data.find((user) => user.id === biaId)?.role).toBe('staff');
    const failures = (await audit()).filter((row) => row.action === 'session.reauth_failed');
    expect(failures.map((row) => row.detail)).toEqual([
      expect.objectContaining({ reason: 'password', for: 'user.create' }),
      expect.objectContaining({ reason: 'password', for: 'user.change' }),
    ]);
    expect(failures.every((row) => row.email === 'ana@loja.test')).toBe(true);

    const added = await add({ email: 'caio@loja.test', role: 'viewer', current_password: CONSOLE_PASSWORD });
    expect(added.status).toBe(201);
    const { password } = consoleNewUserSchema.parse(added.json);
    expect((await login('caio@loja.test', password)).status).toBe(200);
    expect((await promote({ current_password: CONSOLE_PASSWORD })).status).toBe(200);
    users = consoleUserListSchema.parse((await owner.call('GET', '/api/console/users')).json);
    expect(users.data.find((user) => user.id === biaId)?.role).toBe('owner');
    const rows = await audit();
    expect(rows.filter((row) => row.action === 'user.create' && row.email === 'ana@loja.test')).toEqual([
      expect.objectContaining({ detail: { email: 'caio@loja.test', role: 'viewer' } }),
    ]);
    expect(rows.filter((row) => row.action === 'user.change')).toEqual([
      expect.objectContaining({ email: 'ana@loja.test', target: biaId }),
    ]);
  });

  it("turns off a user's two-step: they log in with the password alone; audited", async () => {
    const anaId = await createConsoleUser(database.db, 'ana@loja.test', 'owner');
    const biaId = await createConsoleUser(database.db, 'bia@loja.test', 'staff');
    const owner = await logInAs(t.app, 'ana@loja.test');
    const bia = await logInAs(t.app, 'bia@loja.test');
    await turnOnTotp(bia);
    expect(errorType(await login('bia@loja.test', CONSOLE_PASSWORD))).toEqual(['totp_required']);
    expect(
      (
        await owner.call('POST', `/api/console/users/${anaId}/totp/remove`, {
          body: { current_password: CONSOLE_PASSWORD },
        })
      ).status,
    ).toBe(409);
    const off = await owner.call('POST', `/api/console/users/${biaId}/totp/remove`, {
      body: { current_password: CONSOLE_PASSWORD },
    });
    expect(off.status).toBe(200);
    expect((off.json as { totp_enabled: boolean }).totp_enabled).toBe(false);
    expect((await bia.call('GET', '/api/console/me')).status).toBe(401);
    expect((await login('bia@loja.test', CONSOLE_PASSWORD)).status).toBe(200);
    const rows = await audit();
    expect(rows.filter((row) => row.action === 'user.totp_off')).toEqual([
      expect.objectContaining({
        email: 'ana@loja.test',
        target: biaId,
        detail: { email: 'bia@loja.test', by: 'owner' },
      }),
    ]);
  });

  it('writes the log-out on the audit log, once', async () => {
    await createConsoleUser(database.db, 'ana@loja.test', 'viewer');
    const ana = await logInAs(t.app, 'ana@loja.test');
    expect((await ana.call('POST', '/api/console/logout')).status).toBe(204);
    expect((await ana.call('POST', '/api/console/logout')).status).toBe(401);
    const rows = await audit();
    expect(rows.map((row) => row.action)).toEqual(['user.create', 'session.login', 'session.logout']);
    expect(rows.at(-1)).toMatchObject({ email: 'ana@loja.test' });
  });
});
