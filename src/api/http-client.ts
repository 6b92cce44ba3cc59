import type * as z from 'zod/mini';
import { recordServerDate } from '../lib/server-clock.ts';
import { DEFAULT_TIMEOUT_MS } from './config.ts';
import { redactCardData } from '../lib/redact.ts';
import { GatewayError, type FieldError } from './gateway-error.ts';
import { parseErrorBody } from './parse-error-body.ts';
import { stripCardData } from './strip-card-data.ts';

export interface GatewayRequest<Res> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Validates the body before it leaves the browser. */
  requestSchema?: z.ZodMiniType;
  responseSchema: z.ZodMiniType<Res>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Where the gateway-shaped API lives: `/api/pay/{session}` on the checkout server, `/api` in the
   * designer preview. A parameter of every call, never a global, so two sessions cannot mix.
   */
  baseUrl: string;
}

/** Every failure the app sees, with anything shaped like card data redacted (gateways echo what they got). */
function gatewayError(
  kind: ConstructorParameters<typeof GatewayError>[0],
  message: string,
  init: ConstructorParameters<typeof GatewayError>[2] = {},
): GatewayError {
  return new GatewayError(kind, redactCardData(message), {
    ...init,
    fieldErrors: (init.fieldErrors ?? []).map((e) => ({ ...e, message: redactCardData(e.message) })),
  });
}

function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorForStatus(
  status: number,
  body: unknown,
  method: GatewayRequest<unknown>['method'],
): GatewayError {
  const parsed = parseErrorBody(body);
  if (status === 400 || status === 422) {
    return gatewayError('integration', parsed.message ?? `Request rejected (${status})`, {
      status,
      fieldErrors: parsed.fieldErrors,
    });
  }
  if (status === 401 || status === 403) return gatewayError('unauthorized', 'Not authorised', { status });
  if (status === 404) return gatewayError('not-found', 'Not found', { status });
  // A gateway behind a proxy that times out (504) or fails (502) may still have processed the request. A 500
  // may come after the gateway acted (charged, then failed to answer): for a POST, which creates a payment,
  // that is not "try again" but "check first" (docs/decisions/028-a-500-to-a-payment-is-unknown.md). 503
  // means it was not taken.
  const outcomeUnknown = status === 502 || status === 504 || (status === 500 && method === 'POST');
  return gatewayError('server', parsed.message ?? `Gateway error (${status})`, {
    status,
    outcomeUnknown,
  });
}

/**
 * The one way the app talks to the gateway: JSON both ways, a time-out, requests validated before
 * sending and responses validated on arrival, and every failure turned into one `GatewayError`.
 */
export async function gatewayRequest<Res>(req: GatewayRequest<Res>): Promise<Res> {
  if (req.requestSchema) {
    const checked = req.requestSchema.safeParse(req.body);
    if (!checked.success) {
      throw gatewayError('integration', 'The request is not valid', {
        fieldErrors: issuesToFieldErrors(checked.error.issues),
        sent: false,
      });
    }
  }

  const timeout = AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${req.baseUrl}${req.path}`, {
      method: req.method,
      headers: {
        Accept: 'application/json',
        ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (timeout.aborted) {
      throw gatewayError('timeout', 'The gateway did not answer in time', {
        cause,
        outcomeUnknown: true,
      });
    }
    // A caller's own abort is not a gateway failure: let it through unchanged.
    if (req.signal?.aborted) throw cause;
    throw gatewayError('network', 'The gateway could not be reached', { cause });
  }

  recordServerDate(response.headers.get('Date'));
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (cause) {
    // The gateway answered (headers arrived) but the body did not: it has the request.
    if (timeout.aborted) {
      throw gatewayError('timeout', 'The gateway did not answer in time', {
        cause,
        outcomeUnknown: true,
      });
    }
    throw gatewayError('network', 'The connection dropped', { cause, outcomeUnknown: true });
  }
  if (!response.ok) throw errorForStatus(response.status, body, req.method);

  // Echoed card data is dropped before anything can hold it (the schemas keep unknown keys).
  const parsed = req.responseSchema.safeParse(stripCardData(body));
  if (!parsed.success) {
    throw gatewayError('invalid-response', 'The gateway sent an answer we could not read', {
      status: response.status,
      cause: parsed.error,
      outcomeUnknown: true,
    });
  }
  return parsed.data;
}
