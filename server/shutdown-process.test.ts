import { testPort } from './test/test-ports.ts';
import { cardRequestSample } from '../contract/testing/samples.ts';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real server process, as `npm run serve` runs it (API only: no build needed), on a port of the
// range this suite may use.
const PORT = testPort(5618);
const KEY = 'sk_test_shutdown_0123456789abcdef';
const dataDir = mkdtempSync(join(tmpdir(), 'checkout-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function payment(amount: number): string {
  // The gateway's sample card payment, for a session of one item and no descriptor.
  const { descriptor: _descriptor, ...sample } = cardRequestSample;
  return JSON.stringify({
    ...sample,
    amount,
    items: [{ title: 'Caneca', unit_price: amount, quantity: 1, tangible: true }],
  });
}

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

describe('the server process on SIGTERM', () => {
  it('finishes a payment in flight, refuses new connections, closes the database and exits 0', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--api-only'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        CHECKOUT_SECRET_KEY: KEY,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        GATEWAY_URL: undefined,
        DATABASE_URL: undefined,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    await waitUntilUp();

    const created = await fetch(`http://127.0.0.1:${PORT}/api/v1/checkout-sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        reference: 'shutdown',
        items: [{ title: 'Caneca', unit_price: 4990, quantity: 1, tangible: true }],
      }),
    });
    const { id } = (await created.json()) as { id: string };

    // A payment whose body is still arriving when SIGTERM comes: it is in flight.
    const body = payment(4990);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: PORT,
          method: 'POST',
          path: `/api/pay/${id}/v1/transactions`,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 700);
      }, 300);
    });

    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ status: 'paid', amount: 4990 });
    await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow();
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 90_000);
});
