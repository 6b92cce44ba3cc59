#!/usr/bin/env node
// npm run lighthouse:console — Lighthouse (mobile defaults) on the merchant console's payments list, logged in,
// served by the production server (`npm run build`, then dist-server/main.js on a fresh embedded database with
// the in-process mock gateway) and holding a few payments. Prints scores; fails under 95 in any category,
// with a layout shift over 0.1, or with errors in the browser's console, in the median of LIGHTHOUSE_RUNS runs
// (5). `--no-build` reuses the last build.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { approvedCardPayment } from './approved-card-payment.mjs';
import { findChromium } from './find-chromium.mjs';
import { lighthouseChromiumArgs } from './chromium-args.mjs';
import { judgeLighthouse } from './lighthouse-report.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4399);
const DEBUG_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const KEY = 'sk_lighthouse_0123456789abcdefghijkl';
const USER = { email: 'lighthouse@loja.test', password: 'lighthouse console password 1' };
const TARGETS = { performance: 95, accessibility: 95, 'best-practices': 95 };

const found = await findChromium();
if (!found) {
  console.error('lighthouse:console: no Chromium found (npm test finds or installs one: README.md).');
  process.exit(1);
}
if (!process.argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });

const dataDir = mkdtempSync(join(tmpdir(), 'checkout-lighthouse-'));
const { GATEWAY_URL: _gateway, DATABASE_URL: _database, ...inherited } = process.env;
const env = {
  ...inherited,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: ORIGIN,
  DATA_DIR: dataDir,
  CHECKOUT_SECRET_KEY: KEY,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  ALLOW_MOCK_GATEWAY: '1',
};
execFileSync(
  'node',
  ['dist-server/main.js', 'console:add-user', '--email', USER.email, '--role', 'viewer', '--password-stdin'],
  {
    env,
    input: USER.password,
    stdio: ['pipe', 'ignore', 'inherit'],
  },
);
const server = spawn('node', ['dist-server/main.js'], {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid);
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function ready() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}
await ready();

// A page with something on it: a few paid and refused payments through the merchant API and the shopper's.
const item = { title: 'Tênis de corrida', unit_price: 15090, quantity: 1, tangible: true };
for (let i = 0; i < 8; i++) {
  const created = await fetch(`${ORIGIN}/api/v1/checkout-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reference: `pedido-${1000 + i}`, items: [item], methods: ['credit_card', 'pix'] }),
  });
  const { id } = await created.json();
  const paid = await fetch(`${ORIGIN}/api/pay/${id}/v1/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(approvedCardPayment(item)),
  });
  if (!paid.ok) throw new Error(`a payment failed: ${paid.status} ${await paid.text()}`);
}
const login = await fetch(`${ORIGIN}/api/console/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: ORIGIN },
  body: JSON.stringify(USER),
});
const cookie = /console_session=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0];
if (!login.ok || !cookie) throw new Error(`login failed: ${login.status} ${await login.text()}`);

const launch = () =>
  chromium.launch({
    executablePath: found.path,
    args: lighthouseChromiumArgs(DEBUG_PORT),
  });
// One visit first, not measured: the server compresses each file on its first request and keeps it (brotli at
// its best level costs about a second for the main chunk), which a running server has long done.
{
  const browser = await launch();
  try {
    const warm = await browser.newContext();
    await warm.addCookies([{ name: 'console_session', value: cookie.split('=')[1] ?? '', url: ORIGIN }]);
    const page = await warm.newPage();
    await page.goto(`${ORIGIN}/console/payments`);
    await page.waitForSelector('table.payments tbody tr');
  } finally {
    await browser.close();
  }
}

// Lighthouse's own advice on variability (its "variability" documentation): a single run moves by several points on the
// same build, more so on a shared machine; judge the median of several runs, and print every one. Each run has
// a browser of its own, as the Lighthouse CLI does: nothing of one run's tabs or processes is left in the next.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const results = [];
for (let run = 0; run < RUNS; run++) {
  const browser = await launch();
  try {
    const result = await lighthouse(`${ORIGIN}/console/payments`, {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      extraHeaders: { cookie },
    });
    if (!result) throw new Error('no Lighthouse result for /console/payments');
    const { lhr } = result;
    console.log(
      `run ${run + 1}/${RUNS}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}  ` +
        `LCP ${lhr.audits['largest-contentful-paint']?.displayValue}  ` +
        `TBT ${lhr.audits['total-blocking-time']?.displayValue}`,
    );
    results.push(result);
    if (process.env.LIGHTHOUSE_SAVE) {
      mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
      writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/run-${run + 1}.json`, result.report);
    }
  } finally {
    await browser.close();
  }
}
const performanceOf = (result) => result.lhr.categories.performance?.score ?? 0;
results.sort((a, b) => performanceOf(a) - performanceOf(b));
const median = results[Math.floor(results.length / 2)];
if (!median) throw new Error('no Lighthouse run');
if (process.env.LIGHTHOUSE_SAVE) {
  mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
  writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/console-payments.json`, median.report);
  // The trace behind it (the DevTools performance panel opens it), to see what the main thread did.
  writeFileSync(
    `${process.env.LIGHTHOUSE_SAVE}/console-payments.trace.json`,
    JSON.stringify(median.artifacts.Trace),
  );
}
console.log(`\nmedian of ${results.length} runs:`);
const judged = judgeLighthouse('console payments', median.lhr, TARGETS);
const failures = [...judged.failures];
// The console is held to Lighthouse's "good" layout shift; the checkout to none at all.
if (judged.cls > 0.1) failures.push(`console payments: CLS ${judged.cls} > 0.1`);
if (failures.length > 0) {
  console.error(`\nlighthouse:console: FAILED\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nlighthouse:console: OK (every category ≥ 95 in the median run)');
process.exit(0);
