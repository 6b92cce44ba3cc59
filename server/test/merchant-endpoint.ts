import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../contract/webhook-signature.ts';

export interface Received {
  id: string;
  type: string;
  verified: boolean;
}

export interface MerchantEndpoint {
  url: string;
  received: Received[];
  /** 503 to everything while down. */
  setDown(down: boolean): void;
  /** Deliveries answered 503 while down. */
  refused(): number;
  close(): Promise<void>;
}

/** The merchant's webhook endpoint in tests, on a port the system chooses: verifies each signature as a merchant would. */
export async function startMerchantEndpoint(secret: string, now: () => number): Promise<MerchantEndpoint> {
  const received: Received[] = [];
  let down = false;
  let refused = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (down) {
        refused += 1;
        res.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
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
    refused: () => refused,
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
