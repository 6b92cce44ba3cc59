import type { FeeSimulationRequest, FeeSimulationResponse } from '../../contract/gateway/fee-simulation.ts';
import type { ApiFieldError } from '../../contract/checkout-session.ts';
import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { AppDeps } from '../app-deps.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { meter } from '../rate-limit/metering.ts';
import { closedSessionError, type ClosedSessionError } from '../sessions/closed-session.ts';
import { findSession } from '../sessions/session-repository.ts';
import { feeSimulationCacheOf } from './fee-simulation-cache.ts';
import type { ResolvedPolicy } from './policy.ts';

export type SimulationOutcome =
  | { kind: 'ok'; simulation: FeeSimulationResponse; date: string | undefined }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** The body could not be read: the route answers its own 4xx. */
  | { kind: 'bad-request' }
  | { kind: 'failed'; error: GatewayError };

export type SessionSimulationOutcome =
  | SimulationOutcome
  | { kind: 'not-found' }
  | { kind: 'closed'; error: ClosedSessionError }
  | { kind: 'mismatch'; error: ApiFieldError };

async function simulate(
  deps: AppDeps,
  request: FeeSimulationRequest,
  logFields: Record<string, unknown>,
): Promise<SimulationOutcome> {
  try {
    const reply = await feeSimulationCacheOf(deps.gateway).simulate(request);
    return { kind: 'ok', simulation: reply.data, date: reply.date };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn('fee simulation failed', { ...logFields, ...error.toLogFields() });
    return { kind: 'failed', error };
  }
}

/**
 * The fee simulator page's simulation (a merchant tool, no key): it moves no money and reveals only the
 * account's fee table, but each call may spend the gateway token, so it is metered per client address.
 */
export async function simulateFees(
  deps: AppDeps,
  policy: ResolvedPolicy,
  input: { clientAddress: string; request: FeeSimulationRequest | undefined },
): Promise<SimulationOutcome> {
  const verdict = await meter(deps.db, policy, { kind: 'simulation' }, input.clientAddress, deps.now());
  if (!verdict.allowed) return { kind: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
  if (!input.request) return { kind: 'bad-request' };
  return simulate(deps, input.request, {});
}

/**
 * A shopper's simulation on an open session: metered per session and per address, and only for the
 * session's amount and installments.
 */
export async function simulateSessionFees(
  deps: AppDeps,
  policy: ResolvedPolicy,
  input: { sessionId: string; clientAddress: string; request: FeeSimulationRequest | undefined },
): Promise<SessionSimulationOutcome> {
  const { sessionId } = input;
  const session = sessionIdSchema.safeParse(sessionId).success
    ? await findSession(deps.db, sessionId)
    : undefined;
  if (!session) return { kind: 'not-found' };
  const closed = closedSessionError(session, deps.now());
  if (closed) return { kind: 'closed', error: closed };
  const verdict = await meter(
    deps.db,
    policy,
    { kind: 'session-simulation', sessionId },
    input.clientAddress,
    deps.now(),
  );
  if (!verdict.allowed) return { kind: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
  const { request } = input;
  if (!request) return { kind: 'bad-request' };
  if (request.amount !== session.amount) {
    return {
      kind: 'mismatch',
      error: {
        message: `The amount must be the checkout's amount, ${session.amount}.`,
        parameter_name: 'amount',
        type: 'session_mismatch',
      },
    };
  }
  if (request.installments > session.maxInstallments) {
    return {
      kind: 'mismatch',
      error: {
        message: `This checkout allows at most ${session.maxInstallments} installments.`,
        parameter_name: 'installments',
        type: 'session_mismatch',
      },
    };
  }
  return simulate(deps, request, { sessionId });
}
