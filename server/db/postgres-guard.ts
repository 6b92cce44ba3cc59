import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * postgres.js 3.4.9 throws from a timer, where no caller can catch it, when it writes to a connection whose
 * backend died (upstream porsager/postgres#1066, #1154, #1208; unmerged guards #1168, #1209); the whole
 * process would end at the next failover. `patches/postgres+3.4.9.patch`, applied by patch-package at
 * install, guards it (docs/decisions/306-postgres-guard-as-a-patch-file.md). An install that skipped the
 * patch (`--ignore-scripts`, a copied node_modules, an upgraded `postgres`) must not start.
 */
export const POSTGRES_GUARD_MARKER = '/* merchant-checkout: guarded nextWrite */';

/** The two builds of the library: ES modules (what the server imports) and CommonJS. */
const CONNECTION_FILES = ['src/connection.js', 'cjs/src/connection.js'] as const;

/** The installed `postgres` package's folder, found as Node resolves it from here. */
export function postgresPackageDir(): string {
  // The CommonJS entry (exports' "default"): cjs/src/index.js, two folders below the package.
  return join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..');
}

/** The connection files of the package that lack the guard (none when the patch is applied). */
export function unguardedPostgresFiles(packageDir = postgresPackageDir()): string[] {
  return CONNECTION_FILES.filter((file) => {
    const path = join(packageDir, file);
    return !existsSync(path) || !readFileSync(path, 'utf8').includes(POSTGRES_GUARD_MARKER);
  });
}

/** Throws, with what to do, when the installed postgres.js lacks the connection-loss guard. */
export function assertPostgresGuard(packageDir = postgresPackageDir()): void {
  const missing = unguardedPostgresFiles(packageDir);
  if (missing.length === 0) return;
  throw new Error(
    `postgres.js is not patched against connection loss (${missing.join(', ')} in ${packageDir}): ` +
      'a database failover would end the process. Reinstall with scripts enabled (`npm ci` runs ' +
      'patch-package, patches/postgres+3.4.9.patch), or see docs/decisions/306-postgres-guard-as-a-patch-file.md ' +
      'when upgrading postgres.',
  );
}
