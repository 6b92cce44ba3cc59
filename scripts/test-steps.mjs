#!/usr/bin/env node
// `npm test`: every check of the project, stopping at the first that fails (the steps still running are
// stopped). Each step starts as soon as the steps it waits for have passed, so the machine's two cores are kept
// busy: the type check and the lint start together (each is one thread: tsc, ESLint); the bundle budget (which
// builds dist/) takes the type check's core when it ends; the unit and server tests start once the type check
// and the build are done; the e2e suite, which takes that dist/ instead of building it again, starts once the lint
// has passed, beside the unit tests: alone, the unit step left most of a core idle (its files wait on sockets, child
// processes and PostgreSQL) and so did the e2e step (its tests wait on the page's answers), ~270 s of idle core over
// a run; together they keep both cores busy (docs/performance.md, "Test suite time").
//
// Output: a step running alone prints as it goes; while others run beside it, its lines carry its tag. At the
// end a table gives each step's wall time and the CPU time of its processes (user + sys, read from /proc on
// Linux; a PostgreSQL server that a step starts runs detached and is not counted, nor are Chromium's renderers), and
// the total line the machine's CPU over the whole run (/proc/stat: every process). The figures are for reading
// (docs/performance.md, "Test suite time"): nothing here fails because a step is slow.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One step: a tag for its output lines, a name for the table, a shell command, the steps it waits for.
 * The order of waiting was measured (docs/performance.md, "Test suite time").
 */
const STEPS = [
  { tag: 'types', name: 'typecheck', command: 'npm run typecheck', after: [] },
  { tag: 'lint', name: 'lint', command: 'npm run lint', after: [] },
  { tag: 'size', name: 'bundle budget (builds dist/)', command: 'npm run size', after: ['types'] },
  {
    tag: 'unit',
    name: 'unit and server tests',
    command: 'node scripts/with-postgres.mjs npm run test:unit',
    after: ['types', 'size'],
  },
  {
    tag: 'e2e',
    name: 'e2e (serves dist/)',
    command: 'npm run test:e2e',
    env: { E2E_SHOPPER_DIST: 'dist' },
    after: ['lint', 'size'],
  },
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

const running = new Map();
const done = new Map();
let failed;

/** Lines of a step's output, tagged while another step runs too (a partial last line waits for its end). */
function printer(step, stream) {
  let rest = '';
  return {
    write(chunk) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) stream.write(running.size > 1 ? `[${step.tag}] ${line}\n` : `${line}\n`);
    },
    end() {
      if (rest) stream.write(running.size > 1 ? `[${step.tag}] ${rest}\n` : `${rest}\n`);
    },
  };
}

function start(step) {
  const statFile = join(scratch, `${step.tag}.stat`);
  const script = `${step.command}\nstatus=$?\ncat /proc/$$/stat > '${statFile}' 2>/dev/null\nexit $status`;
  const started = process.hrtime.bigint();
  console.log(`\n▶ ${step.name}${running.size ? ` (beside ${[...running.keys()].join(', ')})` : ''}`);
  // Its own process group, so a failure elsewhere stops the whole step (npm, its shell, their children).
  const child = spawn('sh', ['-c', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
    detached: true,
  });
  const out = printer(step, process.stdout);
  const err = printer(step, process.stderr);
  child.stdout.on('data', (chunk) => out.write(chunk));
  child.stderr.on('data', (chunk) => err.write(chunk));
  const finished = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ step, code: code ?? (signal ? 1 : 0), wall, cpu: cpuSeconds(statFile) });
    });
  });
  running.set(step.tag, { child, finished });
}

function stopAll() {
  for (const { child } of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/**
 * The machine's CPU time so far (every process, from /proc/stat's first line), or undefined off Linux. A step's own
 * figure misses the processes nobody waits for — Chromium's renderers among them — so the run's true CPU is this one
 * (on a machine running nothing else).
 */
function machineCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

const started = process.hrtime.bigint();
const machineAtStart = machineCpuSeconds();
for (;;) {
  if (!failed) {
    for (const step of STEPS) {
      const waiting = done.has(step.tag) || running.has(step.tag);
      if (!waiting && step.after.every((tag) => done.get(tag)?.code === 0)) start(step);
    }
  }
  if (running.size === 0) break;
  const result = await Promise.race([...running.values()].map(({ finished }) => finished));
  running.delete(result.step.tag);
  done.set(result.step.tag, result);
  console.log(`\n■ ${result.step.name} ${result.code === 0 ? 'passed' : 'FAILED'}`);
  if (result.code !== 0 && !failed) {
    failed = result;
    stopAll();
  }
}
rmSync(scratch, { recursive: true, force: true });

const total = Number(process.hrtime.bigint() - started) / 1e9;
const seconds = (s) => (s === undefined ? '—' : `${Math.round(s)} s`);
console.log('\nnpm test, step by step (wall / CPU of the step’s processes):');
for (const step of STEPS) {
  const result = done.get(step.tag);
  const line = result
    ? `${seconds(result.wall).padStart(7)} / ${seconds(result.cpu).padStart(7)}${result === failed ? '  FAILED' : result.code ? '  stopped' : ''}`
    : '    not run';
  console.log(`  ${step.name.padEnd(30)} ${line}`);
}
const machineAtEnd = machineCpuSeconds();
const machine =
  machineAtStart === undefined || machineAtEnd === undefined ? undefined : machineAtEnd - machineAtStart;
console.log(
  `  ${'total'.padEnd(30)} ${seconds(total).padStart(7)} / ${seconds(machine).padStart(7)} (the machine's CPU)`,
);
if (failed) {
  console.error(`\nnpm test: ${failed.step.name} failed (${failed.step.command}).`);
  process.exit(failed.code || 1);
}
