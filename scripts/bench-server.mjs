#!/usr/bin/env node
// npm run bench:server — how fast the checkout server creates sessions and proxies payments, what it
// adds over calling the gateway directly, and what each request costs: the server's CPU time
// (process.cpuUsage of its process), PostgreSQL's backend CPU time (`--postgres`: /proc/<pid>/stat of the
// server's connections, from pg_stat_activity) and the statements and round trips it sent (counted on its
// driver, server/db/wire-count.ts). The server runs in a child process (scripts/bench-target.ts) with the
// embedded PGlite (or PostgreSQL), the mock gateway at zero latency in a third process
// (scripts/bench-gateway.ts, `--gateway-port=N`, default BENCH_PORT + 1); autocannon drives it from here.
// Prints a table; exits non-zero only when requests fail, never on the budget (it reports it).
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { approvedCardPayment } from './approved-card-payment.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 5613);
const BASE = `http://127.0.0.1:${PORT}`;
const gatewayArg = process.argv.find((arg) => arg.startsWith('--gateway-port='));
const GATEWAY_PORT = Number(gatewayArg?.split('=')[1] ?? process.env.BENCH_GATEWAY_PORT ?? PORT + 1);
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const KEY = 'sk_bench_0123456789abcdefghijklmnop';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 200; // the budget's rate: payments per second
const SERIAL = { connections: 1 }; // one request at a time: what a payment costs without queueing
const BUDGET = { p50: 2, p99: 10 }; // ms the server may add over the gateway

const ORDER_ITEM = { title: 'Tênis de corrida', unit_price: 15090, quantity: 1, tangible: true };
const session = { reference: 'bench', items: [ORDER_ITEM], methods: ['credit_card', 'pix'] };
// An approved card (completes its session: one payment per session, as a shopper would).
const payment = approvedCardPayment(ORDER_ITEM);
const json = { 'content-type': 'application/json' };

// `--postgres`: the same runs on TEST_DATABASE_URL (`node scripts/with-postgres.mjs npm run bench:server -- --postgres`).
const postgresUrl = process.argv.includes('--postgres') ? process.env.TEST_DATABASE_URL : undefined;
if (process.argv.includes('--postgres') && !postgresUrl) {
  console.error('bench:server --postgres needs TEST_DATABASE_URL (run it under scripts/with-postgres.mjs)');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'checkout-bench-'));
// The embedded defaults whatever this shell has set: a real gateway or database is not what is measured.
const { GATEWAY_URL: _gateway, GATEWAY_TOKEN: _token, DATABASE_URL: _database, ...inherited } = process.env;
// The gateway in a process of its own: its CPU is not the server's.
const gatewayChild = fork('scripts/bench-gateway.ts', {
  execArgv: ['--import', 'tsx'],
  env: { ...inherited, BENCH_GATEWAY_PORT: String(GATEWAY_PORT) },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
await new Promise((resolve, reject) => {
  gatewayChild.once('message', resolve);
  gatewayChild.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before it was ready`)));
});
const child = fork('scripts/bench-target.ts', {
  execArgv: ['--import', 'tsx'],
  env: {
    ...inherited,
    GATEWAY_URL: GATEWAY,
    GATEWAY_TOKEN: 'bench-gateway-token',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    CHECKOUT_SECRET_KEY: KEY,
    DATA_DIR: dataDir,
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // Behind one proxy, as in production: the shopper's address is the nearest hop of X-Forwarded-For.
    TRUST_PROXY: '1',
  },
  // The access log is written as in production, to nowhere: its cost is measured, its lines are not kept.
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});

// `--minimal` (with `--postgres`): the same payments through scripts/bench-minimal.ts, the plainest server doing
// the same durable work, measured the same way in the same run — what the checkout server's CPU is compared with.
const MINIMAL_PORT = PORT + 2;
const minimal =
  process.argv.includes('--minimal') && postgresUrl
    ? fork('scripts/bench-minimal.ts', {
        execArgv: ['--import', 'tsx'],
        env: {
          ...inherited,
          PORT: String(MINIMAL_PORT),
          DATABASE_URL: postgresUrl,
          GATEWAY_URL: GATEWAY,
          CHECKOUT_SECRET_KEY: KEY,
        },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      })
    : undefined;
if (process.argv.includes('--minimal') && !postgresUrl) {
  console.error('bench:server --minimal needs --postgres');
  process.exit(1);
}

let database;
function stop() {
  if (child.exitCode === null) child.kill('SIGTERM');
  if (minimal && minimal.exitCode === null) minimal.kill('SIGTERM');
  if (gatewayChild.exitCode === null) gatewayChild.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

await new Promise((resolve, reject) => {
  child.once('message', resolve);
  child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
});

if (minimal) {
  await new Promise((resolve, reject) => {
    minimal.once('message', resolve);
    minimal.once('exit', (code) =>
      reject(new Error(`the minimal server exited (${code}) before it was ready`)),
    );
  });
}

/** Asks a server (the checkout server by default) a question over IPC and waits for its answer. */
function ask(message, target = child) {
  return new Promise((resolve) => {
    target.once('message', resolve);
    target.send(message);
  });
}

// `--postgres`: PostgreSQL's backends serving the server (same machine), their CPU read from /proc.
if (postgresUrl) database = postgres(postgresUrl, { max: 1, onnotice: () => undefined });
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** CPU µs of each of the server's PostgreSQL backends (utime + stime). */
async function backendCpu(application = 'checkout-server') {
  if (!database) return undefined;
  const rows = await database`select pid from pg_stat_activity where application_name = ${application}`;
  const cpu = new Map();
  for (const { pid } of rows) {
    const path = `/proc/${pid}/stat`;
    if (!existsSync(path)) continue;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS);
  }
  return cpu;
}
async function snapshot(target) {
  const { cpu, io, gcMs, wire } = await ask({ measure: true }, target);
  return {
    gcMs,
    cpu: cpu.user + cpu.system,
    system: cpu.system,
    io,
    wire,
    backends: await backendCpu(target === minimal ? 'checkout-minimal' : 'checkout-server'),
  };
}
/** A run with what it cost per successful request: server CPU, PostgreSQL CPU, statements, round trips. */
async function measured(work, target = child) {
  const before = await snapshot(target);
  const outcome = await work();
  const after = await snapshot(target);
  const count = Math.max(1, outcome.result['2xx']);
  let backend;
  if (after.backends) {
    let total = 0;
    for (const [pid, us] of after.backends) total += us - (before.backends.get(pid) ?? 0);
    backend = total / count;
  }
  return {
    ...outcome,
    cost: {
      cpu: (after.cpu - before.cpu) / count,
      system: (after.system - before.system) / count,
      gc: ((after.gcMs - before.gcMs) * 1000) / count,
      reads: (after.io.reads - before.io.reads) / count,
      writes: (after.io.writes - before.io.writes) / count,
      backend,
      statements: (after.wire.statements - before.wire.statements) / count,
      roundTrips: (after.wire.roundTrips - before.wire.roundTrips) / count,
      bytes: (after.wire.bytes - before.wire.bytes) / count,
    },
  };
}

// Progress on stderr as each run starts (the table comes at the end). With BENCH_CLOCK=1 each line also gives the
// monotonic clock in seconds, which `perf record -k CLOCK_MONOTONIC` stamps its samples with: `perf report
// --time A,B` then reads one run alone.
const started = performance.now();
function run(title, options) {
  const clock =
    process.env.BENCH_CLOCK === '1' ? ` [clock ${(Number(process.hrtime.bigint()) / 1e9).toFixed(3)}]` : '';
  process.stderr.write(
    `bench:server: ${title}… (${((performance.now() - started) / 1000).toFixed(0)} s)${clock}\n`,
  );
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve({ title, result }),
    );
  });
}

/** Creates sessions as fast as the API allows, keeping their ids for the payment runs. */
async function createSessions(title, options = {}, base = BASE) {
  const ids = [];
  const outcome = await run(title, {
    url: `${base}/api/v1/checkout-sessions`,
    requests: [
      {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${KEY}` },
        body: JSON.stringify(session),
        onResponse: (status, body) => {
          if (status === 201) ids.push(JSON.parse(body).id);
        },
      },
    ],
    ...options,
  });
  return { ...outcome, ids };
}

/** Statuses other than 2xx, with a sample body each, to say why a run failed. */
const failed = new Map();
function noteFailure(status, body) {
  if (status >= 200 && status < 300) return;
  const seen = failed.get(status);
  failed.set(status, { count: (seen?.count ?? 0) + 1, sample: seen?.sample ?? String(body).slice(0, 200) });
}

/** The n-th shopper's address: 10.0.0.0/8, one per payment of a run (`--one-address`: all from 10.0.0.1). */
const oneAddress = process.argv.includes('--one-address');
function shopperAddress(n) {
  return oneAddress ? '10.0.0.1' : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Each request pays a session of its own; `ids` must hold enough of them. */
function payments(title, ids, options, base = BASE) {
  let next = 0;
  return run(title, {
    url: base,
    requests: [
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify(payment),
        // Each payment from a shopper's own address. From one address, every payment would count on one
        // rate-limit row, whose lock serialises them (exact limits); production allows an address 30 attempts in
        // 10 minutes (server/app-deps.ts), so hundreds a second come from thousands of addresses, never from
        // one (docs/performance.md).
        setupRequest: (request) => {
          const n = next++;
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': shopperAddress(n) },
            path: `/api/pay/${ids[n % ids.length]}/v1/transactions`,
          };
        },
        onResponse: noteFailure,
      },
    ],
    ...options,
  });
}

// BENCH_CPU_PROF=<file>: a V8 CPU profile of the server during the serial payment run only (the other
// runs would drown it), written by the server process (bench-target.ts) on request; with --minimal, the minimal
// server's serial run goes to <file>.minimal, to compare function by function. BENCH_CPU_PROF_MAX=<file>: the
// same of the runs as fast as they go (10 connections; <file>.minimal for the minimal server's).
const profileFile = process.env.BENCH_CPU_PROF;
const profileMaxFile = process.env.BENCH_CPU_PROF_MAX;
function profiled(work, target = child, file = profileFile) {
  if (!file) return work();
  return ask({ profile: 'start' }, target).then(async () => {
    const outcome = await work();
    await ask({ profile: 'stop', file }, target);
    return outcome;
  });
}

function direct(title, options) {
  return run(title, {
    url: `${GATEWAY}/v1/transactions`,
    method: 'POST',
    headers: { ...json, authorization: 'Bearer mock-gateway-token' },
    body: JSON.stringify(payment),
    ...options,
  });
}

// Warm-up: JIT, PGlite's caches, keep-alive pools.
const warm = await createSessions('warm-up', { duration: 3 });
await payments('warm-up', warm.ids, { duration: 2 });
await direct('warm-up', { duration: 2 });

const serialSessions = await measured(() => createSessions('sessions created (1 at a time)', SERIAL));
const sessions = await measured(() => createSessions('sessions created (max)'));
const paced = RATE * DURATION;
// Sessions for more payments than the serial and full-speed runs can make, with room: a run that runs out pays
// paid sessions again (409s, counted as failures). On 2026-11-27 one connection paid about 400 a second (ours)
// and 500 (the minimal server); ten, about 1 000 and 1 300. The paced run makes exactly RATE a second.
const serial = 1000 * DURATION;
const fastest = 2500 * DURATION;
/**
 * `ids` and as many sessions created after them as make `count`, newest first: a shopper pays a session just
 * opened, which the server still remembers (it keeps the last 10 000 it created or read,
 * server/sessions/session-repository.ts); paying the oldest of a large pool would add a read per payment that no
 * shopper causes (what such a payment costs: server/db/round-trips.test.ts).
 */
async function newestFirst(ids, count) {
  let all = ids;
  while (all.length < count) all = all.concat((await createSessions('more sessions', { duration: 3 })).ids);
  return all.reverse();
}
// Each run pays sessions of its own: paced and serial from this pool; each run as fast as it goes, and the
// minimal server's runs, from sessions created just before it. Our server remembers the newest 10 000: at more
// than 1 000 payments a second, a run's last payments read their sessions (a statement and a round trip more).
const pool = await newestFirst(serialSessions.ids.concat(sessions.ids), paced + serial);
const results = [
  serialSessions,
  sessions,
  await direct(`gateway direct @${RATE}/s`, { overallRate: RATE }),
  await measured(() =>
    payments(`payments via server @${RATE}/s`, pool.slice(0, paced), { overallRate: RATE }),
  ),
  await direct('gateway direct (1 at a time)', SERIAL),
  await measured(() =>
    profiled(() => payments('payments via server (1 at a time)', pool.slice(paced, paced + serial), SERIAL)),
  ),
  await direct('gateway direct (max)', {}),
  await newestFirst([], fastest).then((fresh) =>
    measured(() => profiled(() => payments('payments via server (max)', fresh, {}), child, profileMaxFile)),
  ),
];
if (minimal) {
  const MINIMAL = `http://127.0.0.1:${MINIMAL_PORT}`;
  // 10 000 payments before its serial run (decision 278's runs paid one batch of sessions, about 11 000). With
  // 200 sessions for two seconds, as before, it paid 200 and answered 409s after: its serial run was measured
  // barely warm, and cost more CPU than warm.
  const warmMinimal = (await newestFirst([], 10_000)).slice(0, 10_000);
  await payments('warm-up', warmMinimal, { amount: warmMinimal.length }, MINIMAL);
  const minimalSerial = await newestFirst([], serial);
  const minimalFastest = await newestFirst([], fastest);
  results.push(
    await measured(
      () =>
        profiled(
          () => payments('minimal server (1 at a time)', minimalSerial, SERIAL, MINIMAL),
          minimal,
          profileFile && `${profileFile}.minimal`,
        ),
      minimal,
    ),
    await measured(
      () =>
        profiled(
          () => payments('minimal server (max)', minimalFastest, {}, MINIMAL),
          minimal,
          profileMaxFile && `${profileMaxFile}.minimal`,
        ),
      minimal,
    ),
    await measured(() => createSessions('minimal: sessions (1 at a time)', SERIAL, MINIMAL), minimal),
    await measured(() => createSessions('minimal: sessions (max)', {}, MINIMAL), minimal),
  );
}

const row = (cells) =>
  cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](i === 0 ? 34 : 9)).join(' ');
// Figures mean little on a busy machine: the load is printed with them.
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(
  `\nbench:server — ${postgresUrl ? 'PostgreSQL' : 'PGlite'}, ${DURATION} s per run, 10 connections, Node ${process.version}, ` +
    `${cpus().length} cores, load average ${load}\n`,
);
console.log(
  row([
    'run',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'non-2xx',
    'errors',
    'CPU µs',
    'sys µs',
    'GC µs',
    'reads',
    'writes',
    'PG µs',
    'stmts',
    'trips',
    'bytes',
  ]),
);
let failures = 0;
for (const { title, result, cost } of results) {
  failures += result.non2xx + result.errors + result.timeouts;
  console.log(
    row([
      title,
      result.requests.average.toFixed(0),
      result.latency.p50.toFixed(1),
      result.latency.p99.toFixed(1),
      result.latency.max.toFixed(1),
      result.non2xx,
      result.errors + result.timeouts,
      cost ? cost.cpu.toFixed(0) : '',
      cost ? cost.system.toFixed(0) : '',
      cost ? cost.gc.toFixed(0) : '',
      cost ? cost.reads.toFixed(2) : '',
      cost ? cost.writes.toFixed(2) : '',
      cost?.backend !== undefined ? cost.backend.toFixed(0) : '',
      cost ? cost.statements.toFixed(2) : '',
      cost ? cost.roundTrips.toFixed(2) : '',
      cost ? cost.bytes.toFixed(0) : '',
    ]),
  );
}
console.log(
  "\nCPU µs: the server process per successful request (process.cpuUsage), sys µs the kernel's part of it; " +
    'GC µs: its garbage-collection pauses (perf_hooks); reads, writes: its system calls (/proc/self/io); PG µs: its PostgreSQL backends ' +
    `(/proc, ${CLOCK_TICKS} ticks/s); stmts, trips, bytes: sent to the database per request.`,
);
function added(label, gateway, server, rate) {
  const p50 = server.result.latency.p50 - gateway.result.latency.p50;
  const p99 = server.result.latency.p99 - gateway.result.latency.p99;
  const achieved = server.result.requests.average;
  const verdict = p50 <= BUDGET.p50 && p99 <= BUDGET.p99 ? 'within budget' : 'OVER BUDGET';
  const saturated = rate !== undefined && achieved < rate * 0.95;
  console.log(
    `added by the server ${label}: p50 ${p50.toFixed(1)} ms (budget ≤ ${BUDGET.p50}), ` +
      `p99 ${p99.toFixed(1)} ms (budget ≤ ${BUDGET.p99}) — ${verdict}` +
      (saturated ? ` (it sustained only ${achieved.toFixed(0)}/s: the latency is queueing)` : ''),
  );
}
console.log('');
added(`at ${RATE} payments/s`, results[2], results[3], RATE);
added('one payment at a time', results[4], results[5]);
await database?.end({ timeout: 1 });
stop();
if (failures > 0) {
  console.error(`bench:server: ${failures} requests failed`);
  for (const [status, { count, sample }] of failed) console.error(`  ${count} × ${status}: ${sample}`);
  process.exit(1);
}
