import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import * as schema from '../db/schema.ts';

/**
 * A migrated PGlite's data folder, made once and loaded by every test that opens PGlite. Booting PGlite in
 * memory (its initdb) and migrating cost 4–5 s of CPU per test file; loading the dump costs about 1 s
 * (docs/performance.md, "Test suite time"). The dump is kept on disk under a name made of the migrations' text
 * and PGlite's version, so a changed migration or PGlite makes a new one, and two checkouts side by side share
 * only identical dumps; it is written to a temporary name and renamed, so no process reads half of one.
 * `openPglite` still runs the migrations on the loaded copy: the template can only save work, never skip a step.
 */
let template: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrMake();
  return template;
}

function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = readFileSync(
    join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'),
  );
  hash.update(pglite);
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest('hex').slice(0, 24);
}

async function loadOrMake(): Promise<Blob> {
  const folder = join(tmpdir(), 'checkout-test-pglite');
  const file = join(folder, `${templateKey()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet: make it below.
  }
  const client = new PGlite();
  await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${randomBytes(6).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
