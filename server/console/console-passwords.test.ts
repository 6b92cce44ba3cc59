import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { DRIVERS, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { addConsoleUser } from './console-users.ts';
import { serverProcessArgs } from '../test/server-process.ts';

const REFUSED = [
  ['aaaaaaaaaaaa', 'password_repeated'],
  ['password1234', 'password_common'],
  [' '.repeat(12), 'password_repeated'],
] as const;
const STRONG = 'correct horse battery staple';

/** `console:add-user` as an operator runs it for the first owner, the password on stdin. */
function addUserCommand(
  env: NodeJS.ProcessEnv,
  email: string,
  password: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    serverProcessArgs('console:add-user', '--email', email, '--role', 'owner', '--password-stdin'),
    { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(password);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('the first owner from `console:add-user --password-stdin`', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'checkout-passwords-')), 'data');
  afterAll(() => rmSync(dirname(dataDir), { recursive: true, force: true }));

  it('a common password exits 1 saying why, before any database is opened', async () => {
    const refused = await addUserCommand(
      { DATABASE_URL: undefined, DATA_DIR: dataDir },
      'ana@loja.test',
      'password1234',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'The password is on a list of the most common passwords, the first ones an attacker tries. Choose another.',
    );
    expect(refused.stdout).toBe('');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe.each(DRIVERS)('chosen console passwords (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });
  beforeEach(() => database.reset());

  async function users(): Promise<string[]> {
    const rows = await queryRows(database.db, sql`select email from console_users order by email`);
    return rows.map((row) => String(row.email));
  }

  it('a new user: the three examples are refused naming the password and why, nothing stored; a strong one is accepted', async () => {
    for (const [password, problem] of REFUSED) {
      const result = await addConsoleUser(
        database.db,
        { email: 'ana@loja.test', role: 'owner', password },
        { userId: null, email: 'cli' },
        new Date(),
      );
      expect(result).toMatchObject({
        kind: 'refused-password',
        refusal: { problem, message: expect.stringMatching(/^The password /) as unknown },
      });
    }
    expect(await users()).toEqual([]);
    const accepted = await addConsoleUser(
      database.db,
      { email: 'ana@loja.test', role: 'owner', password: STRONG },
      { userId: null, email: 'cli' },
      new Date(),
    );
    expect(accepted.kind).toBe('created');
    expect(await users()).toEqual(['ana@loja.test']);
  });
});
