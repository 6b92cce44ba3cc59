import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { serverProcessArgs } from '../test/server-process.ts';

/**
 * A server on PostgreSQL never loads PGlite (megabytes of WebAssembly and data files it would not use):
 * server/db/open-database.ts imports server/db/open-pglite.ts only when DATABASE_URL is unset. The real
 * server process, started as `npm run serve` starts it (the production bundle, whose PGlite path is a chunk of
 * its own) but API only, records every module it loads until it is listening.
 */
const recorder = new URL('../test/fixtures/record-loaded-modules.mjs', import.meta.url);

describe('a server process on PostgreSQL', () => {
  let database: TestDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'checkout-loaded-modules-'));
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts and serves without loading any module of @electric-sql/pglite or drizzle-orm/pglite', async () => {
    const loaded = join(dir, 'loaded.txt');
    const server = spawn(process.execPath, ['--import', recorder.href, ...serverProcessArgs('--api-only')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        LOADED_MODULES_FILE: loaded,
        PORT: '0',
        HOST: '127.0.0.1',
        CHECKOUT_SECRET_KEY: 'sk_test_modules_0123456789abcdef',
        LOG_LEVEL: 'info',
        RUN_JOBS: 'true',
        GATEWAY_URL: undefined,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    // Up once it logs "listening" (PORT=0: the port is the system's choice).
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('"listening"')) resolve();
      });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
    });
    server.kill('SIGTERM');
    expect(await exited).toBe(0);

    const urls = readFileSync(loaded, 'utf8').split('\n');
    // The recorder saw the process: the bundle and the PostgreSQL driver.
    expect(urls.some((url) => url.endsWith('/main.js'))).toBe(true);
    expect(urls.some((url) => url.includes('/node_modules/postgres/'))).toBe(true);
    expect(
      urls.filter((url) => /\/@electric-sql\/pglite\/|\/drizzle-orm\/pglite\/|open-pglite/.test(url)),
    ).toEqual([]);
  }, 60_000);
});
