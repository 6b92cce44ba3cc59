import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

// Declares the `serverBundle` value provided below.
import type {} from '../server/test/server-process.ts';

/**
 * The tests that start the server as a process of its own (the fault suite, the shutdown on SIGTERM, the
 * console:add-user command, the PostgreSQL-only module check) start the production bundle, as `npm run serve`
 * does: built here once per run (~2 s of CPU) into a folder of its own, so neither `npm run build`'s
 * dist-server/ nor another run beside it is touched. The folder is under node_modules/.cache: the bundle imports
 * its packages (they stay external, as in production), and Node finds them from there. Through tsx, each start
 * cost ~4 s of CPU compiling and loading the server's modules; the bundle starts in ~1 s (decision 351).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cache = resolve(import.meta.dirname, '../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'checkout-test-server-'));
  await build({
    configFile: resolve(import.meta.dirname, '../vite.server.config.ts'),
    build: { outDir, emptyOutDir: true, sourcemap: true },
    logLevel: 'warn',
  });
  project.provide('serverBundle', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
