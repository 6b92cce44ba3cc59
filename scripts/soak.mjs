#!/usr/bin/env node
// npm run soak — memory over a soak: one server process (`server/main.ts --api-only`, the in-process mock
// gateway, PGlite in a temporary folder, or PostgreSQL with `--postgres` under scripts/with-postgres.mjs)
// takes a steady stream of shoppers (a session, then an approved card payment) while a local merchant
// endpoint receives its signed events. Every 10 s it prints the process's RSS (from /proc) and the
// payments done; at the end, the RSS growth over the second half of the run, which is what a leak shows.
//
//   node scripts/soak.mjs [--seconds 180] [--rate 30] [--postgres]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approvedCardPayment } from './approved-card-payment.mjs';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SECONDS = arg('seconds', 180);
const RATE = arg('rate', 30);
const PORT = Number(process.env.SOAK_PORT ?? 5640);
const KEY = 'sk_soak_0123456789abcdefghijklmn';
const postgresUrl = process.argv.includes('--postgres') ? process.env.TEST_DATABASE_URL : undefined;
if (process.argv.includes('--postgres') && !postgresUrl) {
  console.error('soak --postgres needs TEST_DATABASE_URL (run it under scripts/with-postgres.mjs)');
  process.exit(1);
}

// The merchant's endpoint: takes every event (signatures are the fault suite's business).
let events = 0;
const merchant = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    events += 1;
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => merchant.listen(PORT + 1, '127.0.0.1', resolve));

const dataDir = mkdtempSync(join(tmpdir(), 'checkout-soak-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--api-only'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    CHECKOUT_SECRET_KEY: KEY,
    ALLOW_MOCK_GATEWAY: '1',
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: postgresUrl,
    MERCHANT_WEBHOOK_URL: `http://127.0.0.1:${PORT + 1}/events`,
    MERCHANT_WEBHOOK_SECRET: 'whsec_soak_0123456789',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  merchant.close();
};

const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; ; i += 1) {
  if (i > 120) throw new Error('the server did not start');
  if (
    await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const order = { title: 'Caneca', unit_price: 4990, quantity: 1, tangible: true };
const payment = approvedCardPayment(order);
let paid = 0;
let failed = 0;
let client = 0;
async function shopper() {
  client += 1;
  const created = await fetch(`${base}/api/v1/checkout-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reference: `soak-${client}`, items: [order] }),
  });
  const { id } = await created.json();
  // Each shopper from its own address, as real ones are (the per-address rate limit).
  const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  const answer = await fetch(`${base}/api/pay/${id}/v1/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(payment),
  });
  if (answer.status === 200) paid += 1;
  else failed += 1;
}

const rssMb = () =>
  Math.round(
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
  );
const samples = [];
const started = Date.now();
const inFlight = new Set();
const ticker = setInterval(() => {
  const one = shopper().catch(() => (failed += 1));
  inFlight.add(one);
  void one.finally(() => inFlight.delete(one));
}, 1000 / RATE);
console.log(`soak: ${SECONDS} s at ${RATE} payments/s, ${postgresUrl ? 'PostgreSQL' : 'PGlite'}`);
console.log('  s   paid  failed  events  RSS MB');
while (Date.now() - started < SECONDS * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const sample = { s: Math.round((Date.now() - started) / 1000), rss: rssMb() };
  samples.push(sample);
  console.log(
    `${String(sample.s).padStart(3)} ${String(paid).padStart(6)} ${String(failed).padStart(7)} ${String(events).padStart(7)} ${String(sample.rss).padStart(7)}`,
  );
}
clearInterval(ticker);
await Promise.all(inFlight);
const half = samples.slice(Math.floor(samples.length / 2));
const first = half[0]?.rss ?? 0;
const last = half.at(-1)?.rss ?? 0;
console.log(
  `soak: ${paid} paid, ${failed} failed; RSS ${samples[0]?.rss} MB at 10 s, ${first} → ${last} MB over the second half (${last - first >= 0 ? '+' : ''}${last - first} MB)`,
);
stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(failed > 0 ? 1 : 0);
