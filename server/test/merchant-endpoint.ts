import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../contract/webhook-signature.ts';

export interface Received {
  id: string;
  type: string;
  verified: boolean;
}

/** Every POST that reached the endpoint, answered or refused, at the test's clock. */
export interface Posted {
  id: string;
  at: number;
  refused: boolean;
}

export interface MerchantEndpoint {
  url: string;
  received: Received[];
  posted: Posted[];
  /** 503 to everything while down. */
  setDown(down: boolean): void;
  /** 500 to these events only (the endpoint fails some, takes others). */
  refuseEvents(ids: readonly string[]): void;
  /** Deliveries answered 503 while down. */
  refused(): number;
  close(): Promise<void>;
}

/** The merchant's webhook endpoint in tests, on a port the system chooses: verifies each signature as a merchant would. */
export async function startMerchantEndpoint(secret: string, now: () => number): Promise<MerchantEndpoint> {
  const received: Received[] = [];
  const posted: Posted[] = [];
  let refusedIds = new Set<string>();
  let down = false;
  let refused = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const id = (JSON.parse(raw) as { id: string }).id;
      posted.push({ id, at: now(), refused: down || refusedIds.has(id) });
      if (down) {
        refused += 1;
        res.writeHead(503).end();
        return;
      }
      if (refusedIds.has(id)) {
        res.writeHead(500).end();
        return;
      }
      void verifySignature({
        secret,
        header: req.headers['checkout-signature']?.toString(),
        rawBody: raw,
        now: Math.floor(now() / 1000),
      }).then((check) => {
        const event = JSON.parse(raw) as { id: string; type: string };
        received.push({ id: event.id, type: event.type, verified: check.ok });
        res.writeHead(check.ok ? 200 : 400).end();
      });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    received,
    posted,
    refused: () => refused,
    refuseEvents: (ids) => {
      refusedIds = new Set(ids);
    },
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
