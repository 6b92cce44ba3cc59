#!/usr/bin/env node
// `npm test`: every check of the project, stopping at the first that fails. The type check and the lint run side
// by side — each is one thread (tsc, ESLint), and the machine this runs on has two cores — and their output is
// printed whole when both are done, so the two never interleave. Then the unit and server tests, the bundle
// budget (it builds dist/) and the e2e suite, which takes that dist/ instead of building it again.
//
// At the end a table gives each step's wall time and the CPU time of its processes (user + sys, read from
// /proc on Linux; a PostgreSQL server that a step starts runs detached and is not counted). The figures are for
// reading (docs/performance.md, "Test suite time"): nothing here fails because a step is slow.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One step: a name for the table and a shell command. A group runs its steps at the same time. */
const STEPS = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
  ],
  [{ name: 'unit and server tests', command: 'node scripts/with-postgres.mjs npm run test:unit' }],
  [{ name: 'bundle budget (builds dist/)', command: 'npm run size' }],
  [{ name: 'e2e (serves dist/)', command: 'npm run test:e2e', env: { E2E_SHOPPER_DIST: 'dist' } }],
];

const scratch = mkdtempSync(join(tmpdir(), 'test-steps-'));
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * The shell that runs a step writes its own /proc stat once the command has ended: its cutime and cstime then
 * hold the CPU of every process of the step that was waited for.
 */
function cpuSeconds(statFile) {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line, so 13 and 14 here (0-based).
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function run(step, index, buffered) {
  const statFile = join(scratch, `step-${index}.stat`);
  const script = `${step.command}\nstatus=$?\ncat /proc/$$/stat > '${statFile}' 2>/dev/null\nexit $status`;
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', script], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...step.env },
    });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ step, code: code ?? (signal ? 1 : 0), wall, cpu: cpuSeconds(statFile), output });
    });
  });
}

const done = [];
const started = process.hrtime.bigint();
let failed;
for (const group of STEPS) {
  const buffered = group.length > 1;
  if (buffered) console.log(`\n▶ ${group.map((s) => s.name).join(' and ')}, side by side`);
  const results = await Promise.all(group.map((step, i) => run(step, `${done.length}-${i}`, buffered)));
  for (const result of results) {
    if (buffered) {
      console.log(`\n▶ ${result.step.name} (${result.code === 0 ? 'passed' : 'failed'}):`);
      process.stdout.write(Buffer.concat(result.output));
    }
    done.push(result);
    if (result.code !== 0 && !failed) failed = result;
  }
  if (failed) break;
}
rmSync(scratch, { recursive: true, force: true });

const total = Number(process.hrtime.bigint() - started) / 1e9;
const seconds = (s) => (s === undefined ? '—' : `${Math.round(s)} s`);
console.log('\nnpm test, step by step (wall / CPU of the step’s processes):');
for (const { step, code, wall, cpu } of done) {
  console.log(
    `  ${step.name.padEnd(30)} ${seconds(wall).padStart(7)} / ${seconds(cpu).padStart(7)}${code ? '  FAILED' : ''}`,
  );
}
console.log(`  ${'total'.padEnd(30)} ${seconds(total).padStart(7)}`);
if (failed) {
  console.error(`\nnpm test: ${failed.step.name} failed (${failed.step.command}).`);
  process.exit(failed.code || 1);
}
