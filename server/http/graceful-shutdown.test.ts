import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown } from './graceful-shutdown.ts';
import { createLogger } from '../platform/logger.ts';

const servers: Server[] = [];

const releases: (() => void)[] = [];

/**
 * Port 0: the system picks a free one, so parallel runs never collide. `/slow` answers when the test releases
 * it (never on a timer: on a loaded machine a request may not even have arrived after a fixed wait), and
 * `arrived` settles once it is being handled.
 */
async function startSlowServer(
  events: string[] = [],
): Promise<{ server: Server; url: string; arrived: Promise<void>; release: () => void }> {
  const app = new Hono();
  let arrive = (): void => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  releases.push(release);
  app.get('/slow', async (c) => {
    arrive();
    await released;
    events.push('payment answered');
    return c.text('paid');
  });
  app.get('/fast', (c) => c.text('ok'));
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started as Server),
    );
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, arrived, release };
}

afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const server of servers.splice(0)) server.closeAllConnections();
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new ones, then closes the database and exits 0', async () => {
    const events: string[] = [];
    const { server, url, arrived, release } = await startSlowServer(events);
    const shutdown = gracefulShutdown({
      server,
      log: createLogger('silent'),
      deadlineMs: 5_000,
      onDraining: () => events.push('draining'),
      closeResources: () => {
        events.push('database closed');
        return Promise.resolve();
      },
      exit: (code) => events.push(`exit ${code}`),
    });
    const payment = fetch(`${url}/slow`).then((res) => res.text());
    await arrived;
    expect(shutdown.inFlight()).toBe(1);
    const done = shutdown.shutdown('SIGTERM');
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
    release();
    expect(await payment).toBe('paid');
    await done;
    expect(events).toEqual(['draining', 'payment answered', 'database closed', 'exit 0']);
  });

  it('stops waiting at the deadline and still closes the database', async () => {
    // Never released while the shutdown waits: only the deadline ends the wait.
    const { server, url, arrived } = await startSlowServer();
    const events: string[] = [];
    const shutdown = gracefulShutdown({
      server,
      log: createLogger('silent'),
      deadlineMs: 200,
      closeResources: () => {
        events.push('database closed');
        return Promise.resolve();
      },
      exit: (code) => events.push(`exit ${code}`),
    });
    const stuck = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await arrived;
    const started = Date.now();
    await shutdown.shutdown('SIGTERM');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBe('cut');
    expect(events).toEqual(['database closed', 'exit 0']);
  });

  it('exits 0 at once when nothing is in flight, and only once for two signals', async () => {
    const { server } = await startSlowServer();
    const exits: number[] = [];
    const shutdown = gracefulShutdown({
      server,
      log: createLogger('silent'),
      closeResources: () => Promise.resolve(),
      exit: (code) => exits.push(code),
    });
    await Promise.all([shutdown.shutdown('SIGTERM'), shutdown.shutdown('SIGINT')]);
    expect(exits).toEqual([0]);
  });
});
