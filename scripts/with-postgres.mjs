#!/usr/bin/env node
// Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL, which the server's tests run on
// (a named set on the embedded PGlite too: docs/decisions/294-one-database-per-test-the-other-on-a-named-set.md). Usage: node scripts/with-postgres.mjs <command> [args…]
//
// TEST_DATABASE_URL already set: used as it is. Otherwise a throw-away cluster is made under /tmp
// (initdb), started on a port the system hands out (TEST_POSTGRES_PORT to choose one) with its socket in the same folder, and stopped and
// deleted afterwards — also when the command fails or on Ctrl-C. As root, PostgreSQL (which refuses to
// run as root) runs as the `postgres` user. No PostgreSQL at all is a clear failure, never a skip.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}

function run(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
    child.on('exit', (code, signal) => {
      for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(s, forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      console.error(`with-postgres: cannot run ${cmd}: ${error.message}`);
      resolve(127);
    });
  });
}

if (process.env.TEST_DATABASE_URL) {
  process.exit(await run(command[0], command.slice(1)));
}

/** initdb and pg_ctl from PATH, else Debian's /usr/lib/postgresql/<newest>/bin. */
function findBinDir() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  return undefined;
}

/** TEST_POSTGRES_PORT, else one the system hands out: no fixed port, so two checkouts test side by side. */
function freePort() {
  if (process.env.TEST_POSTGRES_PORT) return Promise.resolve(Number(process.env.TEST_POSTGRES_PORT));
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const binDir = findBinDir();
if (!binDir) {
  console.error(`
with-postgres: PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin).
  The server's tests run on a real PostgreSQL (a named set on the embedded one too), and are never skipped.
  Install it and run again, for example:
    - Debian/Ubuntu:  sudo apt-get install postgresql
    - macOS:          brew install postgresql
  or point TEST_DATABASE_URL at a PostgreSQL you own (postgres://user:password@host:port/database);
  the tests create and drop their own tables there.`);
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function pgCommand(tool, args) {
  const full = join(binDir, tool);
  if (!asRoot) return [full, args];
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((path) => existsSync(path));
  if (runuser) return [runuser, ['-u', 'postgres', '--', full, ...args]];
  const quoted = [full, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return ['su', ['postgres', '-s', '/bin/sh', '-c', quoted]];
}

function pg(tool, args, { quiet = false } = {}) {
  const [cmd, argv] = pgCommand(tool, args);
  const result = spawnSync(cmd, argv, {
    stdio: quiet ? 'pipe' : ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0 && !quiet) {
    throw new Error(
      `${tool} failed (exit ${result.status}): ${result.stdout ?? ''}${result.error?.message ?? ''}`,
    );
  }
  return result;
}

// .ci/run passes a parent folder of its own so its trap can clean up even if this process is killed.
const parent = process.env.WITH_POSTGRES_PARENT ?? tmpdir();
mkdirSync(parent, { recursive: true });
const root = mkdtempSync(join(parent, 'checkout-pg-'));
const dataDir = join(root, 'data');
const logFile = join(root, 'postgres.log');
let started = false;

function cleanUp() {
  if (started) {
    pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { quiet: true });
    started = false;
  }
  rmSync(root, { recursive: true, force: true });
}

let exitCode = 1;
try {
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0)
      throw new Error('running as root but there is no `postgres` user to run PostgreSQL as');
    chownSync(root, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
  }
  const port = await freePort();
  const started_at = Date.now();
  pg('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  // Durability off: a test cluster lives for minutes and is deleted; speed matters more.
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  started = true;
  const start = pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'], {
    quiet: true,
  });
  if (start.status !== 0) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    throw new Error(`PostgreSQL did not start:\n${start.stdout}${start.stderr}${log}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`with-postgres: PostgreSQL ready in ${Date.now() - started_at} ms at ${url} (cluster ${root})`);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => undefined); // the child gets it too; we clean up after it exits
  }
  exitCode = await run(command[0], command.slice(1), { ...process.env, TEST_DATABASE_URL: url });
} catch (error) {
  console.error(`with-postgres: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  cleanUp();
}
process.exit(exitCode);
