import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverSkewMs } from '../lib/server-clock.ts';
import { GatewayError } from './gateway-error.ts';
import { gatewayRequest, type GatewayRequest } from './http-client.ts';
import { cardRequestSample, pixTransactionSample } from '../../contract/testing/samples.ts';
import { cardTransactionRequestSchema } from '../../contract/gateway/transaction-request.ts';
import { transactionSchema, type Transaction } from '../../contract/gateway/transaction.ts';

function respondWith(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(text, { status, headers })),
  );
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const postCard = (extra: Partial<GatewayRequest<Transaction>> = {}) =>
  gatewayRequest<Transaction>({
    method: 'POST',
    path: '/v1/transactions',
    body: cardRequestSample,
    requestSchema: cardTransactionRequestSchema,
    responseSchema: transactionSchema,
    baseUrl: 'https://checkout.test/api',
    ...extra,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('gatewayRequest', () => {
  it('sends JSON to the base URL and returns the validated body', async () => {
    const fetchMock = respondWith(200, pixTransactionSample);
    vi.stubGlobal('fetch', fetchMock);
    const transaction = await postCard();
    expect(transaction.id).toBe(23);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://checkout.test/api/v1/transactions');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(JSON.parse(init?.body as string)).toEqual(cardRequestSample);
  });

  it('refuses an invalid request before sending it, naming the fields', async () => {
    const fetchMock = respondWith(200, pixTransactionSample);
    vi.stubGlobal('fetch', fetchMock);
    const error = await failure(
      postCard({ body: { ...cardRequestSample, card: { ...cardRequestSample.card, card_cvv: '1' } } }),
    );
    expect(error.kind).toBe('integration');
    expect(error.sent).toBe(false);
    expect(error.fieldErrors.map((e) => e.field)).toEqual(['card.card_cvv']);
    expect(error.outcomeUnknown).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a 400 into an integration error with field errors', async () => {
    vi.stubGlobal(
      'fetch',
      respondWith(400, {
        errors: [{ message: 'Invalid CVV', parameter_name: 'card_cvv', type: 'invalid_parameter' }],
      }),
    );
    const error = await failure(postCard());
    expect(error).toMatchObject({ kind: 'integration', status: 400, message: 'Invalid CVV' });
    expect(error.fieldErrors).toEqual([{ field: 'card_cvv', message: 'Invalid CVV' }]);
  });

  it('keeps a clear message when the 400 body is plain text or empty', async () => {
    vi.stubGlobal('fetch', respondWith(400, 'Bad things'));
    expect((await failure(postCard())).message).toBe('Bad things');
    vi.stubGlobal('fetch', respondWith(400, ''));
    const error = await failure(postCard());
    expect(error.kind).toBe('integration');
    expect(error.message).toBe('Request rejected (400)');
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not-found'],
    [500, 'server'],
    [503, 'server'],
  ])('maps status %i to %s', async (status, kind) => {
    vi.stubGlobal('fetch', respondWith(status, { message: 'nope' }));
    const error = await failure(postCard());
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });

  it('reports a response that does not match the schema as invalid-response', async () => {
    vi.stubGlobal('fetch', respondWith(200, { ...pixTransactionSample, status: undefined }));
    expect((await failure(postCard())).kind).toBe('invalid-response');
    vi.stubGlobal('fetch', respondWith(200, '<html>proxy error</html>'));
    expect((await failure(postCard())).kind).toBe('invalid-response');
  });

  it('reports a failed fetch as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect((await failure(postCard())).kind).toBe('network');
  });

  it('gives up after the time-out with a timeout error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const error = await failure(postCard({ timeoutMs: 30 }));
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(true);
  });

  it("lets a caller's own abort through as an abort, not as a gateway failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = postCard({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toHaveProperty('name', 'AbortError');
  });

  it('records the clock skew from the Date header', async () => {
    const serverDate = new Date(Date.now() + 600_000).toUTCString();
    vi.stubGlobal('fetch', respondWith(200, pixTransactionSample, { Date: serverDate }));
    await postCard();
    expect(serverSkewMs()).toBeGreaterThan(598_000);
    expect(serverSkewMs()).toBeLessThan(601_000);
  });

  it('never puts a card number into an error message', async () => {
    vi.stubGlobal(
      'fetch',
      respondWith(400, {
        errors: [{ message: 'Card 4111 1111 1111 1111 refused', parameter_name: 'card_number' }],
      }),
    );
    const error = await failure(postCard());
    expect(error.message).not.toMatch(/4111 1111 1111 1111/);
    expect(error.fieldErrors[0]?.message).toBe('Card •••• 1111 refused');
  });

  it('never puts an echoed card number, CVV or expiry into an error message', async () => {
    vi.stubGlobal(
      'fetch',
      respondWith(400, {
        errors: [
          { message: 'Card 4111.1111.1111.1111 refused', parameter_name: 'card_number' },
          { message: 'Invalid card_cvv: 123', parameter_name: 'card_cvv' },
          { message: 'card_expiration_date 0333 is past', parameter_name: 'card_expiration_date' },
        ],
      }),
    );
    const error = await failure(postCard());
    expect(error.fieldErrors.map((e) => e.message)).toEqual([
      'Card •••• 1111 refused',
      'Invalid card_cvv: •••',
      'card_expiration_date ••• is past',
    ]);
    expect(error.message).not.toMatch(/4111\.1111/);
  });

  it('marks failures after which the gateway may have acted as outcome unknown', async () => {
    vi.stubGlobal('fetch', respondWith(504, 'Gateway Timeout'));
    expect((await failure(postCard())).outcomeUnknown).toBe(true);
    vi.stubGlobal('fetch', respondWith(502, ''));
    expect((await failure(postCard())).outcomeUnknown).toBe(true);
    vi.stubGlobal('fetch', respondWith(200, { unexpected: true }));
    expect((await failure(postCard())).outcomeUnknown).toBe(true);
    // A 500 may follow a charge: a payment is then unknown, not failed.
    vi.stubGlobal('fetch', respondWith(500, { errors: [{ message: 'Internal error', type: 'server' }] }));
    const serverError = await failure(postCard());
    expect(serverError).toMatchObject({ kind: 'server', status: 500, outcomeUnknown: true });
    // Refused outright, or never reached: paying again is safe.
    vi.stubGlobal('fetch', respondWith(503, { message: 'nope' }));
    expect((await failure(postCard())).outcomeUnknown).toBe(false);
    vi.stubGlobal('fetch', respondWith(400, { errors: [] }));
    expect((await failure(postCard())).outcomeUnknown).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect((await failure(postCard())).outcomeUnknown).toBe(false);
  });

  it('a 500 to a GET changed nothing, so its outcome is known', async () => {
    vi.stubGlobal('fetch', respondWith(500, { message: 'nope' }));
    const error = await failure(
      gatewayRequest({
        method: 'GET',
        path: '/v1/transactions/1',
        responseSchema: transactionSchema,
        baseUrl: '',
      }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 500, outcomeUnknown: false });
  });

  it('validates GET responses too', async () => {
    vi.stubGlobal('fetch', respondWith(200, { hello: 'world' }));
    const error = await failure(
      gatewayRequest({
        method: 'GET',
        path: '/v1/x',
        responseSchema: z.object({ id: z.int() }),
        baseUrl: '',
      }),
    );
    expect(error.kind).toBe('invalid-response');
  });
});
