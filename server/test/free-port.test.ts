import type { Socket } from 'node:net';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { serveOnFreePort } from './free-port.ts';

describe('serveOnFreePort: a server of the test process', () => {
  // The server and its client (the gateway client's keep-alive pool) run on one event loop. After a long
  // synchronous stretch (PGlite's queries on a loaded machine) the server's idle timer ran before the server
  // read the request the client had just written on that connection, and closed it: ECONNRESET, a payment
  // answered 502 (decision 347). So the server never times an idle connection out; the client does.
  it('leaves closing an idle keep-alive connection to its client: no idle timer, no Keep-Alive hint', async () => {
    const { server, origin } = await serveOnFreePort(() => () => Response.json({ ok: true }));
    const sockets: Socket[] = [];
    server.on('connection', (socket: Socket) => sockets.push(socket));
    const pool = new Pool(origin);
    try {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await pool.request({ method, path: '/', body: method === 'POST' ? '{}' : undefined });
        expect(await answer.body.json()).toEqual({ ok: true });
        expect(answer.headers['keep-alive']).toBeUndefined();
      }
      // Kept alive, idle now, and no timer on the server's side of them.
      expect(sockets.length).toBeGreaterThan(0);
      expect(sockets.map((socket) => [socket.destroyed, socket.timeout ?? 0])).toEqual(
        sockets.map(() => [false, 0]),
      );
    } finally {
      await pool.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
