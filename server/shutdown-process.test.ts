import { cardRequestSample } from '../contract/testing/samples.ts';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from './test/free-port.ts';
import { startTestGateway } from './test/test-gateway.ts';
import { startServerProcess } from './test/server-process.ts';

// The real server process, as `npm run serve` runs it (API only: no build needed), on a port the system
// handed out.
const PORT = await freePort();
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

describe('the server process on SIGTERM', () => {
  it('finishes a payment in flight, refuses new connections, closes the database and exits 0', async () => {
    const server = startServerProcess(['--api-only'], {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      CHECKOUT_SECRET_KEY: KEY,
      DATA_DIR: dataDir,
      // Its info lines say when it listens and when it begins to drain.
      LOG_LEVEL: 'info',
      GATEWAY_URL: undefined,
      DATABASE_URL: undefined,
    });
    onTestFinished(() => void server.child.kill('SIGKILL'));
    await server.logLine('listening');

    const created = await fetch(`http://127.0.0.1:${PORT}/api/v1/checkout-sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        reference: 'shutdown',
        items: [{ title: 'Caneca', unit_price: 4990, quantity: 1, tangible: true }],
      }),
    });
    const { id } = (await created.json()) as { id: string };

    // A payment whose body is still arriving when SIGTERM comes: it is in flight. With `Expect: 100-continue`
    // (as curl sends with a larger body) the server says when it has read the headers: it answers 100 as it
    // hands the request on, so the request is counted in flight by then.
    const body = payment(4990);
    const req = request({
      host: '127.0.0.1',
      port: PORT,
      method: 'POST',
      path: `/api/pay/${id}/v1/transactions`,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    const headersRead = once(req, 'continue');
    req.write(body.slice(0, 20));
    await headersRead;
    server.child.kill('SIGTERM');
    // The rest of the body once the server drains: it has stopped listening, with this payment in flight.
    expect(await server.logLine('shutdown: draining')).toMatchObject({ in_flight: 1 });
    req.end(body.slice(20));

    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ status: 'paid', amount: 4990 });
    await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow();
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 90_000);

  it('exits within 30 s while a delivery hangs on the merchant and a payment hangs on the gateway, answering it', async () => {
    const port = await freePort();
    const busyDir = mkdtempSync(join(tmpdir(), 'checkout-shutdown-busy-'));
    const gateway = await startTestGateway();
    // The merchant's endpoint takes every event and never answers.
    let deliveries = 0;
    const merchant: Server = createServer(() => {
      deliveries += 1;
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    const merchantPort = (merchant.address() as AddressInfo).port;
    const server = startServerProcess(['--api-only'], {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CHECKOUT_SECRET_KEY: KEY,
      DATA_DIR: busyDir,
      LOG_LEVEL: 'info',
      GATEWAY_URL: gateway.url,
      GATEWAY_TOKEN: 'shutdown-token',
      GATEWAY_WEBHOOK_SECRET: 'gwsec_shutdown_0123456789',
      MERCHANT_WEBHOOK_URL: `http://127.0.0.1:${merchantPort}/events`,
      MERCHANT_WEBHOOK_SECRET: 'whsec_shutdown_0123456789',
      DATABASE_URL: undefined,
    });
    try {
      await server.logLine('listening');
      const newSession = async () => {
        const created = await fetch(`http://127.0.0.1:${port}/api/v1/checkout-sessions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            reference: `busy-${Math.random()}`,
            items: [{ title: 'Caneca', unit_price: 4990, quantity: 1, tangible: true }],
          }),
        });
        return ((await created.json()) as { id: string }).id;
      };
      const pay = (id: string) =>
        fetch(`http://127.0.0.1:${port}/api/pay/${id}/v1/transactions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: payment(4990),
        });
      // Paid orders: their events go to the endpoint that never answers (a delivery pass is busy).
      for (let i = 0; i < 3; i += 1) expect((await pay(await newSession())).status).toBe(200);
      // Busy once an event has reached the endpoint (the delivery loop looks every second).
      await expect.poll(() => deliveries, { timeout: 10_000 }).toBeGreaterThan(0);
      // And a payment whose gateway call never ends: in flight once its POST has reached the gateway.
      gateway.setFault('hang');
      const inFlight = pay(await newSession());
      await expect.poll(() => gateway.posts().length, { timeout: 10_000 }).toBe(4);
      const started = Date.now();
      server.child.kill('SIGTERM');
      const answered = await inFlight;
      // The gateway call is given up at its time-out: the outcome is unknown, and said so.
      expect([502, 504]).toContain(answered.status);
      expect(await server.exited).toBe(0);
      const tookMs = Date.now() - started;
      process.stdout.write(`shutdown while busy: exited ${tookMs} ms after SIGTERM\n`);
      expect(tookMs).toBeLessThan(30_000);
    } finally {
      server.child.kill('SIGKILL');
      merchant.closeAllConnections();
      merchant.close();
      await gateway.close();
      rmSync(busyDir, { recursive: true, force: true });
    }
  }, 90_000);
});
