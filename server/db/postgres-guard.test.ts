import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertPostgresGuard,
  POSTGRES_GUARD_MARKER,
  postgresPackageDir,
  unguardedPostgresFiles,
} from './postgres-guard.ts';

describe('the postgres.js connection-loss guard', () => {
  const copy = mkdtempSync(join(tmpdir(), 'checkout-postgres-guard-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('is in both builds of the installed library (patch-package applied patches/postgres+3.4.9.patch)', () => {
    expect(unguardedPostgresFiles()).toEqual([]);
    expect(() => assertPostgresGuard()).not.toThrow();
  });

  it('stops the start with what to do when a build lacks it', () => {
    cpSync(postgresPackageDir(), copy, { recursive: true });
    const file = join(copy, 'src/connection.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace(POSTGRES_GUARD_MARKER, ''));
    expect(unguardedPostgresFiles(copy)).toEqual(['src/connection.js']);
    expect(() => assertPostgresGuard(copy)).toThrow(
      /postgres\.js is not patched against connection loss \(src\/connection\.js.*npm ci.*patch-package/,
    );
  });
});
