import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import {
  CONSOLE_PASSWORD,
  createConsoleUser,
  logInAs,
  type ConsoleBrowser,
} from '../test/console-helpers.ts';
import type { TestApp } from '../test/test-app.ts';
import { DRIVERS, type TestDatabase } from '../test/test-database.ts';
import { suiteApp } from '../test/suite-app.ts';

const OWNERS = 16;

describe.each(DRIVERS)('the last owner (%s)', { timeout: 90_000 }, (driver) => {
  let database: TestDatabase, t: TestApp;
  suiteApp(driver, {}, (s) => ({ database, t } = s));

  /** Owners who can still manage users: role owner, not disabled. */
  async function activeOwners(): Promise<number> {
    const [row] = await queryRows(
      database.db,
      sql`select count(*)::int as n from console_users where role = 'owner' and disabled_at is null`,
    );
    return Number(row?.n);
  }

  /** `count` owners, each logged in in their own browser. */
  async function owners(count: number): Promise<{ id: string; browser: ConsoleBrowser }[]> {
    const ids = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        createConsoleUser(database.db, `owner${index}@loja.test`, 'owner'),
      ),
    );
    const logged = [];
    for (const [index, id] of ids.entries()) {
      logged.push({ id, browser: await logInAs(t.app, `owner${index}@loja.test`) });
    }
    return logged;
  }

  it('16 owners demoting themselves at once leave exactly one owner', async () => {
    const all = await owners(OWNERS);
    const answers = await Promise.all(
      all.map(({ id, browser }) =>
        browser.call('PATCH', `/api/console/users/${id}`, {
          body: { role: 'viewer', current_password: CONSOLE_PASSWORD },
        }),
      ),
    );
    expect(await activeOwners()).toBe(1);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(OWNERS - 1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
  });

  it('refuses to disable the last owner, also when 16 owners demote or disable themselves at once', async () => {
    const [only] = await owners(1);
    if (!only) throw new Error('no owner');
    const alone = await only.browser.call('POST', `/api/console/users/${only.id}/disable`, {
      body: { current_password: CONSOLE_PASSWORD },
    });
    expect(alone.status).toBe(409);
    expect(JSON.stringify(alone.json)).toContain('last_owner');
    expect((await only.browser.call('GET', '/api/console/me')).status).toBe(200);
    await database.reset();

    const all = await owners(OWNERS);
    const answers = await Promise.all(
      all.map(({ id, browser }, index) =>
        index % 2 === 0
          ? browser.call('POST', `/api/console/users/${id}/disable`, {
              body: { current_password: CONSOLE_PASSWORD },
            })
          : browser.call('PATCH', `/api/console/users/${id}`, {
              body: { role: 'staff', current_password: CONSOLE_PASSWORD },
            }),
      ),
    );
    expect(await activeOwners()).toBe(1);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(OWNERS - 1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
  });
});
