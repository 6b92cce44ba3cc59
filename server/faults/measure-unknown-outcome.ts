// Time to resolve an unknown outcome under real (uncompressed) timings — a measurement, not a test (it
// takes minutes). One server process (`server/main.ts --api-only`, PGlite in a temporary folder) pays
// through a gateway that charges and then answers 500 (outcome unknown, money taken) and through one that
// drops the connection before charging (outcome unknown, nothing taken); the script polls the merchant's
// view of each session until the payment is settled and prints how long each took.
//
//   npx tsx server/faults/measure-unknown-outcome.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardPayment, ORDER_AMOUNT } from '../test/payment-bodies.ts';
import { orderBody } from '../test/test-app.ts';
import { startTestGateway } from '../test/test-gateway.ts';

const PORT = Number(process.env.MEASURE_PORT ?? 5660);
const KEY = 'sk_measure_0123456789abcdefghijkl';
const base = `http://127.0.0.1:${PORT}`;
const gateway = await startTestGateway();
const dataDir = mkdtempSync(join(tmpdir(), 'checkout-unknown-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--api-only'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    CHECKOUT_SECRET_KEY: KEY,
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    GATEWAY_URL: gateway.url,
    GATEWAY_TOKEN: 'measure-token',
    GATEWAY_WEBHOOK_SECRET: 'gwsec_measure_0123456789',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (
  let i = 0;
  !(await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  ));
  i += 1
) {
  if (i > 120) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

async function payThrough(fault: '500-after-create' | 'down', reference: string) {
  const created = await fetch(`${base}/api/v1/checkout-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(orderBody({ reference })),
  });
  const { id } = (await created.json()) as { id: string };
  gateway.setFault(fault);
  const answer = await fetch(`${base}/api/pay/${id}/v1/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cardPayment({ amount: ORDER_AMOUNT })),
  });
  gateway.setFault(undefined);
  return { id, status: answer.status, at: Date.now() };
}

const cases = [
  { name: 'charged, then 500', ...(await payThrough('500-after-create', 'unknown-charged')) },
  { name: 'connection dropped, nothing charged', ...(await payThrough('down', 'unknown-nothing')) },
];
process.stdout.write(`${cases.map((c) => `${c.name}: the shopper got ${c.status}`).join('\n')}\n`);
const settled = new Map<string, string>();
while (settled.size < cases.length) {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  for (const one of cases) {
    if (settled.has(one.id)) continue;
    const view = await fetch(`${base}/api/v1/checkout-sessions/${one.id}`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    const status = ((await view.json()) as { payments?: { status: string }[] }).payments?.[0]?.status;
    if (status && status !== 'unknown' && status !== 'sending') {
      settled.set(one.id, status);
      process.stdout.write(`${one.name}: ${status} after ${Math.round((Date.now() - one.at) / 1000)} s\n`);
    }
  }
}
server.kill('SIGTERM');
await gateway.close();
rmSync(dataDir, { recursive: true, force: true });
