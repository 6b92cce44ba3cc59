import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cardRequestSample,
  feeSimulationResponseSample,
  pixTransactionSample,
} from '../../contract/testing/samples.ts';
import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import { createGatewayClient } from './gateway-client.ts';
import { GatewayError } from './gateway-error.ts';
import { freePort } from '../test/free-port.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let handler: Handler;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

// Listening before the clients below are made: they need its port, which the system chooses.
const server: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    handler(request, response, body);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const PORT = (server.address() as AddressInfo).port;
/** Nothing listens there. */
const CLOSED = await freePort();
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

const request = cardRequestSample as TransactionRequest;

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}

describe('server gateway client (undici Pool)', () => {
  const client = createGatewayClient({
    baseUrl: `http://127.0.0.1:${PORT}/base/`,
    token: 'tok_123',
    timeoutMs: 300,
  });
  afterAll(() => client.close());

  it('sends the token, JSON and the base path; parses the transaction and keeps the Date header', async () => {
    handler = json(200, pixTransactionSample, { date: 'Sun, 22 Nov 2026 12:00:00 GMT' });
    const reply = await client.createTransaction(request);
    expect(reply.data.id).toBe(23);
    expect(reply.date).toBe('Sun, 22 Nov 2026 12:00:00 GMT');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/base/v1/transactions' });
    expect(seen[0]?.headers.authorization).toBe('Bearer tok_123');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(cardRequestSample);
  });

  it('drops card fields a gateway might echo, at any depth', async () => {
    handler = json(200, {
      ...pixTransactionSample,
      card: { card_id: 1, card_number: '4111111111111111', card_cvv: '123', card_last_digits: '1111' },
      extra: { nested: [{ card_expiration_date: '0333', cvv: '123' }] },
    });
    const reply = await client.createTransaction(request);
    const text = JSON.stringify(reply.data);
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toMatch(/card_number|card_cvv|card_expiration_date|"cvv"/);
    expect(reply.data.card?.card_last_digits).toBe('1111');
    expect(reply.data.pix_expiration_date).toBe(pixTransactionSample.pix_expiration_date);
  });

  it('a request that fails the schema is never sent', async () => {
    handler = json(200, pixTransactionSample);
    const error = await failure(client.createTransaction({ ...request, amount: -5 }));
    expect(error).toMatchObject({ kind: 'integration', sent: false, outcomeUnknown: false });
    expect(error.errors?.[0]?.parameter_name).toBe('amount');
    expect(seen).toHaveLength(0);
  });

  it.each([
    [
      400,
      { errors: [{ message: 'Card 4111111111111111 invalid', parameter_name: 'card_number', type: 'x' }] },
      'integration',
      false,
    ],
    [422, 'plain text', 'integration', false],
    [401, {}, 'unauthorized', false],
    [403, {}, 'unauthorized', false],
    [404, {}, 'not-found', false],
    [429, {}, 'server', false],
    [500, { errors: [] }, 'server', true],
    [502, '<html>', 'server', true],
    [503, '', 'server', true],
  ] as const)(
    'a %i answer is a %s… error; outcome unknown for a POST: %s',
    async (status, body, kind, unknown) => {
      handler = json(status, body);
      const error = await failure(client.createTransaction(request));
      expect(error).toMatchObject({
        kind: kind === 'integration' ? 'integration' : kind,
        status,
        outcomeUnknown: unknown,
        sent: true,
      });
      if (status === 400) {
        expect(error.errors?.[0]?.parameter_name).toBe('card_number');
        expect(error.errors?.[0]?.message).not.toContain('4111111111111111');
      }
      expect(seen).toHaveLength(1);
    },
  );

  it('an unreadable 2xx is invalid-response, outcome unknown for a POST, known for a GET', async () => {
    handler = json(200, '{"id": ');
    expect(await failure(client.createTransaction(request))).toMatchObject({
      kind: 'invalid-response',
      outcomeUnknown: true,
    });
    handler = json(200, { id: 'x' });
    expect(await failure(client.getTransaction(1))).toMatchObject({
      kind: 'invalid-response',
      outcomeUnknown: false,
    });
  });

  it('reads an answer of any framing whole, and refuses one over 4 MB, announced or streamed', async () => {
    const transaction = JSON.stringify(pixTransactionSample);
    // With its length announced, and chunked: the same transaction.
    handler = json(200, transaction, { 'content-length': String(Buffer.byteLength(transaction)) });
    expect((await client.getTransaction(1)).data).toMatchObject({ id: pixTransactionSample.id });
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(transaction.slice(0, 10));
      response.end(transaction.slice(10));
    };
    expect((await client.getTransaction(1)).data).toMatchObject({ id: pixTransactionSample.id });

    const huge = `{"id": 1, "pad": "${'x'.repeat(4 * 1024 * 1024)}"}`;
    handler = json(200, huge, { 'content-length': String(Buffer.byteLength(huge)) });
    expect(await failure(client.createTransaction(request))).toMatchObject({
      kind: 'invalid-response',
      code: 'too-large',
      outcomeUnknown: true,
    });
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let at = 0; at < huge.length; at += 256 * 1024) response.write(huge.slice(at, at + 256 * 1024));
      response.end();
    };
    expect(await failure(client.getTransaction(1))).toMatchObject({
      kind: 'invalid-response',
      code: 'too-large',
      outcomeUnknown: false,
    });
    // The pool still answers after both.
    handler = json(200, pixTransactionSample);
    expect((await client.getTransaction(1)).data).toMatchObject({ id: pixTransactionSample.id });
  });

  /**
   * A client of its own, closed once its call has failed: closing waits for whatever the client still had
   * under way, so a retry, had it sent one, has reached the server by then — no time to give it.
   */
  async function failedAlone(): Promise<GatewayError> {
    const own = createGatewayClient({
      baseUrl: `http://127.0.0.1:${PORT}/base/`,
      token: 'tok_123',
      timeoutMs: 300,
    });
    try {
      return await failure(own.createTransaction(request));
    } finally {
      await own.close();
    }
  }

  it('a time-out is a timeout with the outcome unknown, and the POST is not retried', async () => {
    handler = () => undefined; // never answers
    const error = await failedAlone();
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true });
    expect(seen).toHaveLength(1);
  });

  it('a connection dropped after sending is a network error with the outcome unknown, not retried', async () => {
    handler = (request) => request.socket.destroy();
    const error = await failedAlone();
    expect(error).toMatchObject({ kind: 'network', sent: true, outcomeUnknown: true });
    expect(seen).toHaveLength(1);
  });

  it('an answer cut or stalled after its status line: the gateway saw the request, the outcome is unknown', async () => {
    const partial = JSON.stringify(pixTransactionSample).slice(0, 40);
    handler = (request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(partial, () => request.socket.destroy());
    };
    expect(await failure(client.createTransaction(request))).toMatchObject({
      kind: 'network',
      status: 200,
      sent: true,
      outcomeUnknown: true,
    });
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(partial); // and nothing more: the body time-out (300 ms here) ends it
    };
    expect(await failure(client.createTransaction(request))).toMatchObject({
      kind: 'timeout',
      status: 200,
      sent: true,
      outcomeUnknown: true,
      code: 'UND_ERR_BODY_TIMEOUT',
    });
    expect(await failure(client.getTransaction(1))).toMatchObject({ kind: 'timeout', outcomeUnknown: false });
    handler = json(200, pixTransactionSample);
    expect((await client.getTransaction(1)).data).toMatchObject({ id: pixTransactionSample.id });
  });

  it('ping keeps its own 2-second deadline when payments may wait longer', async () => {
    const patient = createGatewayClient({
      baseUrl: `http://127.0.0.1:${PORT}`,
      token: 't',
      timeoutMs: 10_000,
    });
    try {
      handler = () => undefined; // never answers
      const started = Date.now();
      expect(await patient.ping()).toMatchObject({ reachable: false, kind: 'timeout' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await patient.close();
    }
  });

  it('a refused connection sent nothing: the outcome is known', async () => {
    const closed = createGatewayClient({ baseUrl: `http://127.0.0.1:${CLOSED}`, token: 't', timeoutMs: 300 });
    try {
      expect(await failure(closed.createTransaction(request))).toMatchObject({
        kind: 'network',
        sent: false,
        outcomeUnknown: false,
        code: 'ECONNREFUSED',
      });
      expect(await closed.ping()).toMatchObject({ reachable: false });
    } finally {
      await closed.close();
    }
  });

  it('GETs and the fee simulation go to their paths; the list is an array', async () => {
    handler = (request, response) => {
      const body =
        request.url === '/base/v1/transactions'
          ? [pixTransactionSample]
          : request.url === '/base/v1/simulate/tax'
            ? feeSimulationResponseSample
            : pixTransactionSample;
      json(200, body)(request, response, '');
    };
    expect((await client.getTransaction(23)).data.id).toBe(23);
    expect((await client.listTransactions()).data).toHaveLength(1);
    const fees = await client.simulateFees({
      brand: 'visa',
      installments: 2,
      amount: 1000,
      fee_responsible: 'customer',
    });
    expect(fees.data.brand).toBe('Mastercard');
    expect(seen.map((entry) => `${entry.method} ${entry.url}`)).toEqual([
      'GET /base/v1/transactions/23',
      'GET /base/v1/transactions',
      'POST /base/v1/simulate/tax',
    ]);
  });

  it('ping: any answer below 500 means reachable', async () => {
    handler = json(404, {});
    expect(await client.ping()).toMatchObject({ reachable: true, status: 404 });
    handler = json(503, {});
    expect(await client.ping()).toMatchObject({ reachable: false, status: 503 });
  });
});
