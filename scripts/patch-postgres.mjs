#!/usr/bin/env node
// Run by `npm ci`/`npm install` (package.json "postinstall"): guards postgres.js 3.4.9 against writing to a
// connection whose socket is already gone (docs/decisions/120-postgres-connection-loss.md).
//
// When a backend dies inside a transaction (failover, restart, pg_terminate_backend), the library rejects
// the running statement, then writes its own ROLLBACK on the transaction's reserved connection, whose
// socket it has set to null: the write is deferred with setImmediate and throws from there —
// `TypeError: Cannot read properties of null (reading 'write')` at connection.js nextWrite — which no
// caller can catch, so the process dies (upstream porsager/postgres#1154, #1208; guards #1168, #1176, #1209,
// unreleased). Its teardown also cancels a deferred write without forgetting it, so a reconnected
// connection would send stale bytes first and never flush small writes again.
//
// The patch: a write without a socket rejects the statement (CONNECTION_CLOSED, a normal, catchable error)
// instead of throwing; teardown forgets the cancelled write. Idempotent; fails loudly when the file is not
// the one it was written for, so an upgrade of `postgres` is a decision, not a silent loss of the guard.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARKER = '/* merchant-checkout: guarded nextWrite */';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = join(root, 'node_modules', 'postgres');
const files = ['src/connection.js', 'cjs/src/connection.js'];

const NEXT_WRITE = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const GUARDED_NEXT_WRITE = `  function nextWrite(fn) {
    ${MARKER}
    if (socket === null) {
      chunk = nextWriteTimer = null
      const closedError = Errors.connection('CONNECTION_CLOSED', options, socket)
      error(closedError)
      fn && fn(closedError)
      return true
    }
    const x = socket.write(chunk, fn)`;
const TEARDOWN = '\n    clearImmediate(nextWriteTimer)\n';
const GUARDED_TEARDOWN = '\n    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n';

export function patchSource(source) {
  if (source.includes(MARKER)) return { source, changed: false };
  const teardowns = source.split(TEARDOWN).length - 1;
  if (!source.includes(NEXT_WRITE) || teardowns !== 2) return undefined;
  return {
    source: source.replace(NEXT_WRITE, GUARDED_NEXT_WRITE).split(TEARDOWN).join(GUARDED_TEARDOWN),
    changed: true,
  };
}

function main() {
  if (!existsSync(packageDir)) return; // not installed (yet): nothing to guard
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  for (const file of files) {
    const path = join(packageDir, file);
    if (!existsSync(path)) continue;
    const patched = patchSource(readFileSync(path, 'utf8'));
    if (!patched) {
      console.error(
        `patch-postgres: postgres@${version} ${file} is not the code this guard was written for.\n` +
          '  Check whether the new version fixes porsager/postgres#1154/#1208 (a write on a closed socket),\n' +
          '  then update or remove scripts/patch-postgres.mjs (server/db/connection-loss.test.ts tells).',
      );
      process.exit(1);
    }
    if (patched.changed) {
      writeFileSync(path, patched.source);
      console.log(`patch-postgres: guarded postgres@${version} ${file}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
