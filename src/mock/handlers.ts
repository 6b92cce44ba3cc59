import { http, HttpResponse, delay, type HttpResponseResolver } from 'msw';
import { API_BASE_URL } from '../api/config.ts';
import { feeSimulationRequestSchema } from '../../contract/gateway/fee-simulation.ts';
import { lookupMockCep } from '../../mock-core/cep-dataset.ts';
import { simulateFees } from '../../mock-core/fee-model.ts';
import {
  captureTransaction,
  createCard,
  createTransaction,
  getTransaction,
  invalidRequest,
  listTransactions,
  refundTransaction,
  transactionHistory,
  type MockAnswer,
} from '../../mock-core/gateway.ts';
import { loadSettings, mockGatewayNow } from '../../mock-core/store.ts';
import { appHref } from '../lib/app-path.ts';

async function respond(answer: MockAnswer): Promise<Response> {
  if (answer.kind === 'delay-then') {
    await delay(answer.delayMs);
    return respond(answer.answer);
  }
  await delay(loadSettings().latencyMs);
  if (answer.kind === 'network-error') return HttpResponse.error();
  // The countdown of PIX relies on the gateway's Date header
  // (docs/decisions/014-pix-countdown-and-polling.md).
  return HttpResponse.json(answer.body as Record<string, unknown>, {
    status: answer.status,
    headers: { Date: new Date(mockGatewayNow()).toUTCString() },
  });
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

const simulate: HttpResponseResolver = async ({ request }) => {
  const parsed = feeSimulationRequestSchema.safeParse(await readJson(request));
  return respond(
    parsed.success
      ? { kind: 'json', status: 200, body: simulateFees(parsed.data, new Date()) }
      : invalidRequest(parsed.error.issues),
  );
};

export function mockHandlers(baseUrl: string = API_BASE_URL) {
  return [
    http.post(`${baseUrl}/v1/transactions`, async ({ request }) =>
      respond(
        createTransaction(await readJson(request), {
          now: mockGatewayNow(),
          origin: location.origin,
          // The bank page sits beside the app, under the preview's folder when it has one.
          challengePage: new URL(appHref('/mock-bank/challenge'), location.origin).href,
        }),
      ),
    ),
    http.get(`${baseUrl}/v1/transactions/:id`, ({ params }) =>
      respond(getTransaction(String(params.id), { now: mockGatewayNow() })),
    ),
    http.get(`${baseUrl}/v1/transactions`, () => respond(listTransactions({ now: mockGatewayNow() }))),
    // The same core as the server's mock, so the static preview answers capture, refund and history too.
    http.post(`${baseUrl}/v1/transactions/:id/capture`, async ({ params, request }) =>
      respond(captureTransaction(String(params.id), await readJson(request), { now: mockGatewayNow() })),
    ),
    http.post(`${baseUrl}/v1/transactions/:id/refund`, async ({ params, request }) =>
      respond(refundTransaction(String(params.id), await readJson(request), { now: mockGatewayNow() })),
    ),
    http.get(`${baseUrl}/v1/transactions/:id/history`, ({ params }) =>
      respond(transactionHistory(String(params.id), { now: mockGatewayNow() })),
    ),
    http.post(`${baseUrl}/v1/cards`, async ({ request }) =>
      respond(createCard(await readJson(request), { now: mockGatewayNow() })),
    ),
    http.post(`${baseUrl}/v1/simulate/tax`, simulate),
    // The checkout server's own CEP lookup (not the gateway's), on the same dataset as its mock mode.
    http.get(`${baseUrl}/cep/:cep`, async ({ params }) => {
      await delay(loadSettings().latencyMs);
      const address = lookupMockCep(String(params.cep));
      return address
        ? HttpResponse.json(address)
        : HttpResponse.json(
            { errors: [{ message: 'Unknown CEP', parameter_name: 'cep', type: 'cep_not_found' }] },
            { status: 404 },
          );
    }),
  ];
}
