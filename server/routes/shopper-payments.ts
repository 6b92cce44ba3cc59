import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { sessionIdSchema } from '../../contract/checkout-session.ts';
import { RECEIPT_EMAIL_FIELD, receiptEmailSchema } from '../../contract/receipt-email.ts';
import { feeSimulationRequestSchema } from '../../contract/gateway/fee-simulation.ts';
import {
  parseTransactionRequest,
  type TransactionRequest,
} from '../../contract/gateway/transaction-request.ts';
import type { AppDeps } from '../app-deps.ts';
import type { GatewayError } from '../gateway/gateway-error.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { payShopperSession } from '../payments/pay-session.ts';
import { payBoleto } from '../payments/pay-boleto.ts';
import type { PaymentOutcome } from '../payments/start-payment.ts';
import { toBoletoResult } from '../gateway/boleto-adapter.ts';
import { boletoShopperRequestSchema } from '../../contract/boleto/boleto-model.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { readSessionTransaction } from '../payments/read-session-transaction.ts';
import { simulateSessionFees } from '../payments/simulate-fees.ts';
import { loadPublicSession } from '../sessions/load-public-session.ts';

type ShopperContext = Context<ServerEnvBindings>;

/**
 * The browser's body is a gateway request plus the shopper's consent to keep the card (`save_card`,
 * contract/saved-cards.ts). The consent is taken out here; the gateway request is checked on its own.
 * The body is read as any JSON object, uncopied: the request's own parse below copies what it keeps, so
 * a body without the consent (the browser sends it only when ticked) is copied once, not three times
 * (docs/decisions/277-sixth-pass-on-payment-cpu.md). A `__proto__` key is then an unknown field like any
 * other, refused by the request's strict parse.
 */
const jsonObjectSchema = z.custom<Record<string, unknown>>(
  (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { error: 'The body must be a JSON object.' },
);
const consentSchema = z.object({ save_card: z.boolean() });
const receiptEmailBodySchema = z.object({ [RECEIPT_EMAIL_FIELD]: receiptEmailSchema });

type PaymentBody =
  | { ok: true; request: TransactionRequest; saveCard: boolean; receiptEmail: string | null }
  | { ok: false; response: Response };

async function readPaymentBody(c: ShopperContext): Promise<PaymentBody> {
  const body = await readJsonBody(c, jsonObjectSchema);
  if (!body.ok) return body;
  let gatewayRequest = body.data;
  let saveCard = false;
  let receiptEmail: string | null = null;
  if ('save_card' in gatewayRequest) {
    const { save_card: consent, ...rest } = gatewayRequest;
    const checked = consentSchema.safeParse({ save_card: consent });
    if (!checked.success)
      return { ok: false, response: apiErrors(c, 400, issuesToErrors(checked.error.issues)) };
    saveCard = checked.data.save_card;
    gatewayRequest = rest;
  }
  // The e-mail for the receipt (contract/receipt-email.ts): ours, never the gateway's; said back by name only.
  if (RECEIPT_EMAIL_FIELD in gatewayRequest) {
    const { [RECEIPT_EMAIL_FIELD]: email, ...rest } = gatewayRequest;
    const checked = receiptEmailBodySchema.safeParse({
      [RECEIPT_EMAIL_FIELD]: typeof email === 'string' ? email.trim() : email,
    });
    if (!checked.success) {
      return {
        ok: false,
        response: apiError(
          c,
          400,
          'receipt_email must be one e-mail address, like name@example.com.',
          'invalid_parameter',
          RECEIPT_EMAIL_FIELD,
        ),
      };
    }
    receiptEmail = checked.data[RECEIPT_EMAIL_FIELD];
    gatewayRequest = rest;
  }
  // The union of strict forms would only say "Invalid input" about a body that has both: name the field.
  if ('card' in gatewayRequest && 'card_id' in gatewayRequest) {
    return {
      ok: false,
      response: apiError(c, 400, 'Send either card or card_id, not both.', 'invalid_parameter', 'card_id'),
    };
  }
  // A boleto's due date and instructions are the session's: it is asked for at `/boleto` with the payer.
  if (gatewayRequest.payment_method === 'boleto') {
    return {
      ok: false,
      response: apiError(
        c,
        400,
        'Ask for a boleto at /boleto with the payer.',
        'invalid_parameter',
        'payment_method',
      ),
    };
  }
  const request = parseTransactionRequest(gatewayRequest);
  if (!request.success)
    return { ok: false, response: apiErrors(c, 400, issuesToErrors(request.error.issues)) };
  return { ok: true, request: request.data, saveCard, receiptEmail };
}

function notFound(c: ShopperContext): Response {
  return apiError(c, 404, 'No checkout session has this id.', 'not_found');
}

/** The gateway's clock travels with its answers: the PIX countdown estimates its skew from `Date`. */
function withGatewayDate(c: ShopperContext, date: string | undefined): void {
  if (date) c.header('Date', date);
}

/** A gateway failure on a read, as the browser's client understands statuses. */
function gatewayReadFailure(c: ShopperContext, error: GatewayError): Response {
  if (error.kind === 'timeout')
    return apiError(c, 504, 'The payment gateway did not answer in time.', 'timeout');
  if (error.kind === 'not-found')
    return apiError(c, 404, 'The gateway does not know this transaction.', 'not_found');
  if (error.kind === 'integration') return apiErrors(c, 400, error.errors ?? []);
  return apiError(c, 502, 'The payment gateway could not be reached.', 'gateway_unavailable');
}

/**
 * The normalised boleto (the adapter checks its numbers). A transaction whose boleto cannot be shown
 * (a number that fails its check digits) is the gateway's fault: 502, and no wrong number is printed.
 */
function boletoResponse(c: ShopperContext, transaction: Transaction): Response {
  const boleto = toBoletoResult(transaction);
  if (!boleto)
    return apiError(c, 502, 'The payment gateway sent a boleto that cannot be shown.', 'gateway_unavailable');
  return c.json(boleto);
}

function tooMany(c: ShopperContext, retryAfterSeconds: number, message: string): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, message, 'rate_limited');
}

/** A payment's outcome as the browser's client understands statuses (card, PIX and boleto alike). */
function paymentResponse(
  c: ShopperContext,
  outcome: PaymentOutcome | { kind: 'bad-request' },
  /** The body's own 4xx, when it could not be read; a generic 400 otherwise, built only when needed. */
  badBody: Response | undefined,
  ok: (outcome: Extract<PaymentOutcome, { kind: 'ok' }>) => Response,
): Response {
  switch (outcome.kind) {
    case 'ok':
      // The payment's ids and status go on the request's own log line (request-log.ts).
      c.set('logFields', {
        sessionId: c.req.param('sid'),
        attemptId: outcome.attemptId,
        transactionId: outcome.transaction.id,
        transactionStatus: outcome.transaction.status,
      });
      return ok(outcome);
    case 'bad-request':
      return badBody ?? apiError(c, 400, 'Invalid request.', 'invalid_request');
    case 'not-found':
      return notFound(c);
    case 'invalid':
      return apiErrors(c, 400, outcome.errors);
    case 'rejected':
      return apiErrors(c, 400, outcome.errors);
    case 'complete':
      return apiError(c, 409, 'This checkout is already paid.', 'session_complete');
    case 'expired':
      return apiError(c, 410, 'This checkout has expired. Ask the shop for a new link.', 'session_expired');
    case 'busy':
      return apiError(
        c,
        409,
        'A payment for this checkout is still being processed. Wait for its result before paying again.',
        'payment_in_progress',
      );
    case 'link-used-up':
      return apiError(
        c,
        409,
        'This payment link has just reached its number of payments: nothing was charged.',
        'payment_link_used_up',
      );
    case 'link-held':
      return apiError(
        c,
        409,
        "Another shopper is paying for this payment link's last payment: nothing was charged. Try again in a few minutes.",
        'payment_link_held',
      );
    case 'link-closed':
      return outcome.status === 'inactive'
        ? apiError(
            c,
            409,
            'The shop has turned this payment link off: nothing was charged.',
            'payment_link_inactive',
          )
        : apiError(c, 409, 'This payment link has expired: nothing was charged.', 'payment_link_expired');
    case 'unknown':
      return apiError(
        c,
        outcome.status,
        'The payment gateway did not confirm this payment. Its outcome is being checked: do not pay again yet.',
        outcome.status === 504 ? 'timeout' : 'outcome_unknown',
      );
    case 'rate-limited':
      return tooMany(c, outcome.retryAfterSeconds, 'Too many payment attempts. Wait a moment and try again.');
    case 'unavailable':
      return apiError(
        c,
        503,
        'The payment gateway is unavailable. Nothing was charged; try again shortly.',
        'gateway_unavailable',
      );
  }
}

/**
 * The shopper's side, mounted at `/api/pay/{id}` (no key: the unguessable session id is the capability).
 * The gateway-shaped paths are what the browser's gateway client calls; the session decides what they may do.
 */
export function shopperRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/', async (c) => {
    const view = await loadPublicSession(deps, c.req.param('sid') ?? '');
    if (!view) return notFound(c);
    return c.json(view);
  });

  routes.post('/v1/transactions', async (c) => {
    const body = await readPaymentBody(c);
    const outcome = await payShopperSession(deps, policy, {
      sessionId: c.req.param('sid') ?? '',
      clientAddress: clientAddress(c, trust),
      body: body.ok ? body : undefined,
    });
    return paymentResponse(c, outcome, body.ok ? undefined : body.response, (paid) => {
      withGatewayDate(c, paid.date);
      return c.json(paid.transaction);
    });
  });

  // A boleto: the browser sends the payer only; the adapter builds the gateway's request from the session.
  routes.post('/boleto', async (c) => {
    const body = await readJsonBody(c, boletoShopperRequestSchema);
    const outcome = await payBoleto(deps, policy, {
      sessionId: c.req.param('sid') ?? '',
      clientAddress: clientAddress(c, trust),
      payer: body.ok ? body.data.payer : undefined,
    });
    return paymentResponse(c, outcome, body.ok ? undefined : body.response, (issued) =>
      boletoResponse(c, issued.transaction),
    );
  });

  routes.get('/boleto/:txid', async (c) => {
    const sid = c.req.param('sid') ?? '';
    const txid = c.req.param('txid');
    if (!sessionIdSchema.safeParse(sid).success || !/^\d{1,15}$/.test(txid)) return notFound(c);
    const read = await readSessionTransaction(deps, policy, sid, Number(txid));
    if (read.kind === 'failed') return gatewayReadFailure(c, read.error);
    if (read.kind === 'not-found' || read.transaction.payment_method !== 'boleto')
      return apiError(c, 404, 'This checkout has no such boleto.', 'not_found');
    return boletoResponse(c, read.transaction);
  });

  routes.get('/v1/transactions/:txid', async (c) => {
    const sid = c.req.param('sid') ?? '';
    const txid = c.req.param('txid');
    if (!sessionIdSchema.safeParse(sid).success || !/^\d{1,15}$/.test(txid)) return notFound(c);
    const read = await readSessionTransaction(deps, policy, sid, Number(txid));
    if (read.kind === 'failed') return gatewayReadFailure(c, read.error);
    if (read.kind === 'not-found')
      return apiError(c, 404, 'This checkout has no such transaction.', 'not_found');
    withGatewayDate(c, read.date);
    return c.json(read.shown);
  });

  routes.post('/v1/simulate/tax', async (c) => {
    const body = await readJsonBody(c, feeSimulationRequestSchema);
    const outcome = await simulateSessionFees(deps, policy, {
      sessionId: c.req.param('sid') ?? '',
      clientAddress: clientAddress(c, trust),
      request: body.ok ? body.data : undefined,
    });
    switch (outcome.kind) {
      case 'ok':
        withGatewayDate(c, outcome.date);
        return c.json(outcome.simulation);
      case 'not-found':
        return notFound(c);
      case 'closed':
        return apiError(c, outcome.error.status, outcome.error.message, outcome.error.type);
      case 'rate-limited':
        return tooMany(c, outcome.retryAfterSeconds, 'Too many simulations. Wait a moment and try again.');
      case 'bad-request':
        return body.ok ? apiError(c, 400, 'Invalid request.', 'invalid_request') : body.response;
      case 'mismatch':
        return apiErrors(c, 400, [outcome.error]);
      case 'failed':
        return gatewayReadFailure(c, outcome.error);
    }
  });

  return routes;
}
