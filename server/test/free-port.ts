import { createServer, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { ServerBindings } from '../http/bindings.ts';

/**
 * A port the system hands out and nobody listens on at this moment: for a child process started with
 * `PORT=…` (or a PostgreSQL cluster), and as a port where nothing answers. Servers of the test process
 * itself listen on port 0 instead (`serveOnFreePort`), which cannot race. No fixed ports: two checkouts
 * run their suites side by side.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type FetchHandler = (request: Request, env: ServerBindings) => Response | Promise<Response>;

/**
 * Serves on 127.0.0.1, on a port the system chooses. `build` gets the server's origin first: a mock gateway
 * puts its own URL in what it answers.
 */
export async function serveOnFreePort(
  build: (origin: string) => FetchHandler,
): Promise<{ server: ServerType; origin: string }> {
  let handler: FetchHandler = () => new Response(null, { status: 503 });
  const server: ServerType = await new Promise((resolve, reject) => {
    const started = serve(
      { fetch: (request, env) => handler(request, env), port: 0, hostname: '127.0.0.1' },
      () => resolve(started),
    );
    started.once('error', reject);
  });
  // The server leaves closing an idle connection to its client. It shares the test process's event loop with
  // that client: a long synchronous stretch (PGlite's queries, seconds on a loaded machine) starves both
  // keep-alive timers, and the server's, run first after the client has written its next request on the
  // connection, closed it with the request unread — a payment answered 502, outcome unknown (decision 347).
  // A real gateway's close is not starved by our loop: undici sees its FIN before writing on the socket.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 0;
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handler = build(origin);
  return { server, origin };
}
