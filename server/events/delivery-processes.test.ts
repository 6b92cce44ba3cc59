import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchantEndpoint, type MerchantEndpoint } from '../test/merchant-endpoint.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { addEvents } from '../test/outbox-fill.ts';

const SECRET = 'whsec_merchant_three_processes';
const PROCESSES = 3;
const EVENTS = 1_500;

/** A child process running the delivery worker; resolves its lines one by one. */
function startInstance(url: string, target: string): { child: ChildProcess; next: () => Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/delivery-process.ts'], {
    env: { ...process.env, TEST_DATABASE_URL: url, DELIVERY_TARGET_URL: target, DELIVERY_SECRET: SECRET },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    next: async () => {
      const line = await lines.next();
      if (line.done) throw new Error(`a delivery process ended early (exit ${String(child.exitCode)})`);
      return line.value;
    },
  };
}

// PostgreSQL only, by nature: the embedded database belongs to one process. Never skipped — without
// TEST_DATABASE_URL it fails saying how to get one (test-database.ts).
describe('events to the merchant from three processes (postgres)', () => {
  let database: TestDatabase;
  let endpoint: MerchantEndpoint;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    endpoint = await startMerchantEndpoint(SECRET, () => Date.now());
  }, 60_000);
  afterAll(async () => {
    await endpoint.close();
    await database.close();
  });

  it('three server processes claim the same outbox: every event delivered exactly once', async () => {
    await database.reset();
    await addEvents(database.db, EVENTS, new Date());
    const url = database.url ?? '';
    const instances = Array.from({ length: PROCESSES }, () => startInstance(url, endpoint.url));
    try {
      for (const instance of instances) expect(await instance.next()).toBe('ready');
      const started = performance.now();
      for (const instance of instances) instance.child.stdin?.write('go\n');
      const reports = (await Promise.all(instances.map((instance) => instance.next()))).map(
        (line) => JSON.parse(line) as { delivered: number; claims: number },
      );
      const seconds = (performance.now() - started) / 1000;
      const ids = endpoint.received.map((entry) => entry.id);
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids).size).toBe(EVENTS);
      expect(reports.reduce((sum, report) => sum + report.delivered, 0)).toBe(EVENTS);
      // Each process did part of the work (the claim is shared, not won by one).
      for (const report of reports) expect(report.delivered).toBeGreaterThan(0);
      console.warn(
        `[delivery, ${PROCESSES} processes] ${EVENTS} events in ${seconds.toFixed(2)} s = ${Math.round(EVENTS / seconds)} events/s; per process ${reports.map((report) => report.delivered).join(' / ')}`,
      );
    } finally {
      for (const instance of instances) instance.child.kill();
    }
  }, 120_000);
});
