#!/usr/bin/env node
// `npm run typecheck`: each TypeScript project of the repository, checked by TypeScript 7's compiler
// (decision 345). The projects differ in what they may use (the browser's DOM for tsconfig.json, Node's for
// the server), so each is checked against its own tsconfig, one after the other (the compiler uses both cores
// itself); the first that fails stops the check with the compiler's messages.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROJECTS = [
  'tsconfig.json',
  'contract/tsconfig.json',
  'mock-core/tsconfig.json',
  'server/tsconfig.json',
];
const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript-7/bin/tsc', import.meta.url));

for (const project of PROJECTS) {
  const { status, signal } = spawnSync(process.execPath, [tsc, '-p', project], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) {
    console.error(`typecheck: ${project} failed (${signal ?? `exit ${String(status)}`})`);
    process.exit(status ?? 1);
  }
}
