import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { sessionIdSchema } from '../../contract/checkout-session.ts';
import { feeSimulationRequestSchema } from '../../contract/gateway/fee-simulation.ts';
import { transactionRequestSchema } from '../../contract/gateway/transaction-request.ts';
import type { AppDeps } from '../app-deps.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, parseTrustProxy, rateLimitSubject } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { findAttemptByTransaction } from '../payments/attempt-repository.ts';
import { resolvePolicy } from '../payments/policy.ts';
import { refreshAttempt } from '../payments/refresh-attempt.ts';
import { feeSimulationCacheOf } from '../payments/fee-simulation-cache.ts';
import { startPayment } from '../payments/start-payment.ts';
import { paymentRateRules, simulationRules } from '../rate-limit/metering.ts';
import { closedSessionError } from '../sessions/closed-session.ts';
import { hitAll } from '../rate-limit/rate-limit.ts';
import { loadPublicSession } from '../sessions/load-public-session.ts';
import { findSession, findSessionForPayment } from '../sessions/session-repository.ts';

type ShopperContext = Context<ServerEnvBindings>;

/**
 * The browser's body is a gateway request plus the shopper's consent to keep the card (`save_card`,
 * contract/saved-cards.ts). The consent is taken out here; the gateway request is checked on its own.
 */
const consentBodySchema = z.looseObject({ save_card: z.optional(z.boolean()) });

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
 * The shopper's side (no key: the unguessable session id is the capability). The gateway-shaped paths
 * under `/api/pay/{id}` are what the browser's gateway client calls; the session decides what they may do.
 */
export function shopperRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const policy = resolvePolicy(deps);
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.get('/api/pay/:sid', async (c) => {
    const view = await loadPublicSession(deps, c.req.param('sid'));
    if (!view) return notFound(c);
    return c.json(view);
  });

  routes.post('/api/pay/:sid/v1/transactions', async (c) => {
    const sid = c.req.param('sid');
    const address = clientAddress(c, trust);
    // Every attempt counts, checked or not (card testing starts with junk): per address and per session.
    // The address is counted even for ids that do not exist (scanning for sessions). A request that gets
    // as far as beginning an attempt is counted in that same statement (begin-attempt.ts); one that stops
    // earlier is counted on its own, before its error is answered.
    const validId = sessionIdSchema.safeParse(sid).success;
    const rateRules = paymentRateRules(policy, sid, rateLimitSubject(address));
    const refuse = async (response: () => Response): Promise<Response> => {
      const verdict = await hitAll(deps.db, rateRules, deps.now());
      return verdict.allowed ? response() : tooMany(c, verdict.retryAfterSeconds);
    };
    const session = validId ? await findSessionForPayment(deps.db, sid) : undefined;
    // An unknown id costs nothing and writes nothing: no rate-limit row per guessed id (docs/decisions/101-rate-limit-subjects.md).
    if (!session) return notFound(c);
    const body = await readJsonBody(c, consentBodySchema);
    if (!body.ok) return refuse(() => body.response);
    const { save_card: saveCard, ...gatewayRequest } = body.data;
    // The union of strict forms would only say "Invalid input" about a body that has both: name the field.
    if ('card' in gatewayRequest && 'card_id' in gatewayRequest) {
      return refuse(() =>
        apiError(c, 400, 'Send either card or card_id, not both.', 'invalid_parameter', 'card_id'),
      );
    }
    const request = transactionRequestSchema.safeParse(gatewayRequest);
    if (!request.success) return refuse(() => apiErrors(c, 400, issuesToErrors(request.error.issues)));
    const outcome = await startPayment(deps, policy, {
      session,
      request: request.data,
      clientAddress: address,
      saveCard: saveCard === true,
      rateRules,
    });
    switch (outcome.kind) {
      case 'ok':
        withGatewayDate(c, outcome.date);
        return c.json(outcome.transaction);
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
      case 'unknown':
        return apiError(
          c,
          outcome.status,
          'The payment gateway did not confirm this payment. Its outcome is being checked: do not pay again yet.',
          outcome.status === 504 ? 'timeout' : 'outcome_unknown',
        );
      case 'rate-limited':
        return tooMany(c, outcome.retryAfterSeconds);
      case 'unavailable':
        return apiError(
          c,
          503,
          'The payment gateway is unavailable. Nothing was charged; try again shortly.',
          'gateway_unavailable',
        );
    }
  });

  routes.get('/api/pay/:sid/v1/transactions/:txid', async (c) => {
    const sid = c.req.param('sid');
    const txid = c.req.param('txid');
    if (!sessionIdSchema.safeParse(sid).success || !/^\d{1,15}$/.test(txid)) return notFound(c);
    // Only a transaction recorded on this session; any other id is a 404 without asking the gateway.
    const attempt = await findAttemptByTransaction(deps.db, sid, Number(txid));
    if (!attempt) return apiError(c, 404, 'This checkout has no such transaction.', 'not_found');
    // Forced, but at most once per forcedReadIntervalMs per attempt: a page polling fast costs the gateway little.
    const result = await refreshAttempt(deps, policy, attempt, {
      force: true,
      minIntervalMs: policy.forcedReadIntervalMs,
    });
    if (result.kind === 'failed') return gatewayReadFailure(c, result.error);
    if (result.kind === 'skipped')
      return apiError(c, 404, 'This checkout has no such transaction.', 'not_found');
    withGatewayDate(c, result.date);
    return c.json(result.transaction);
  });

  routes.post('/api/pay/:sid/v1/simulate/tax', async (c) => {
    const sid = c.req.param('sid');
    const session = sessionIdSchema.safeParse(sid).success ? await findSession(deps.db, sid) : undefined;
    if (!session) return notFound(c);
    const closed = closedSessionError(session, deps.now());
    if (closed) return apiError(c, closed.status, closed.message, closed.type);
    const verdict = await hitAll(
      deps.db,
      simulationRules(policy, sid, rateLimitSubject(clientAddress(c, trust))),
      deps.now(),
    );
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return apiError(c, 429, 'Too many simulations. Wait a moment and try again.', 'rate_limited');
    }
    const body = await readJsonBody(c, feeSimulationRequestSchema);
    if (!body.ok) return body.response;
    if (body.data.amount !== session.amount) {
      return apiError(
        c,
        400,
        `The amount must be the checkout's amount, ${session.amount}.`,
        'session_mismatch',
        'amount',
      );
    }
    if (body.data.installments > session.maxInstallments) {
      return apiError(
        c,
        400,
        `This checkout allows at most ${session.maxInstallments} installments.`,
        'session_mismatch',
        'installments',
      );
    }
    try {
      const reply = await feeSimulationCacheOf(deps.gateway).simulate(body.data);
      withGatewayDate(c, reply.date);
      return c.json(reply.data);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      deps.log.warn('fee simulation failed', { sessionId: sid, ...error.toLogFields() });
      return gatewayReadFailure(c, error);
    }
  });

  return routes;
}

function tooMany(c: ShopperContext, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'Too many payment attempts. Wait a moment and try again.', 'rate_limited');
}
