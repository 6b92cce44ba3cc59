import { Pool } from 'undici';
import * as z from 'zod/mini';
import {
  feeSimulationRequestSchema,
  feeSimulationResponseSchema,
  type FeeSimulationRequest,
  type FeeSimulationResponse,
} from '../../contract/gateway/fee-simulation.ts';
import {
  cardCreationResponseSchema,
  cardRequestSchema,
  type CardCreationResponse,
  type CardRequest,
} from '../../contract/gateway/card.ts';
import { gatewayErrorBodySchema } from '../../contract/gateway/gateway-error-body.ts';
import {
  parseTransactionRequest,
  type TransactionRequest,
} from '../../contract/gateway/transaction-request.ts';
import {
  transactionListSchema,
  transactionSchema,
  type Transaction,
} from '../../contract/gateway/transaction.ts';
import { maskDigitRuns } from '../../contract/card-data-mask.ts';
import { redactForLog } from '../platform/logger.ts';
import { GatewayError, type GatewayFieldError } from './gateway-error.ts';
import { jsonArrayObjects } from './json-array-stream.ts';
import { sanitiseGatewayBody } from './sanitise.ts';

/** A parsed, sanitised answer and the gateway's `Date` header (the browser's PIX countdown uses its clock). */
export interface GatewayReply<T> {
  data: T;
  date: string | undefined;
}

export interface GatewayClient {
  /** Never retried: a POST that may have acted throws a GatewayError with `outcomeUnknown`. */
  createTransaction(request: TransactionRequest): Promise<GatewayReply<Transaction>>;
  getTransaction(id: number): Promise<GatewayReply<Transaction>>;
  listTransactions(): Promise<GatewayReply<Transaction[]>>;
  /**
   * One page of `GET /v1/transactions?page=&per_page=&created_from=&created_to=` (docs/decisions/122-exact-matching-of-unknown-outcomes.md),
   * read as a stream: each transaction goes to `onTransaction` as it is parsed, so a page of any size
   * costs the memory of one transaction. A gateway that ignores the parameters is still read whole.
   * Answers how many transactions the page held.
   */
  scanTransactions(
    query: TransactionListQuery,
    onTransaction: (transaction: Transaction) => void,
  ): Promise<{ count: number }>;
  /** `POST /v1/transactions/{id}/capture`, never retried (an unknown outcome is resolved by re-reading). */
  captureTransaction(id: number, amount: number): Promise<GatewayReply<Transaction>>;
  /** `POST /v1/transactions/{id}/refund`, never retried. */
  refundTransaction(id: number, amount: number): Promise<GatewayReply<Transaction>>;
  /** `GET /v1/transactions/{id}/history`: the gateway's own record, shown to the merchant as is. */
  transactionHistory(id: number): Promise<GatewayReply<Record<string, unknown>[]>>;
  /**
   * `GET /v1/transactions/{id}/installments`: the spec shows no answer, so any JSON comes back as it is and
   * contract/gateway/installments.ts reads it leniently (decision 253).
   */
  transactionInstallments(id: number): Promise<GatewayReply<unknown>>;
  simulateFees(request: FeeSimulationRequest): Promise<GatewayReply<FeeSimulationResponse>>;
  /**
   * `POST /v1/cards` (spec 4), never retried. The answer's fields are not shown: any object comes back,
   * sanitised (no card number, CVV or expiry survives), for the caller to read leniently.
   */
  createCard(request: CardRequest): Promise<GatewayReply<CardCreationResponse>>;
  /** Reachability for /readyz: any answer below 500 (even 401/404) means the gateway is there. */
  ping(): Promise<{ reachable: boolean; status?: number; kind?: string }>;
  close(): Promise<void>;
}

export interface TransactionListQuery {
  /** 1-based. */
  page: number;
  perPage: number;
  createdFrom?: Date;
  createdTo?: Date;
}

export interface GatewayClientOptions {
  /** `{base_url}` of the spec, e.g. https://api.gateway.example or http://127.0.0.1:5173/__mock-gateway */
  baseUrl: string;
  token: string;
  /** Whole-request deadline; also the headers and body time-outs. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Connections per origin. */
  connections?: number;
}

/**
 * Below the shutdown's drain deadline (SHUTDOWN_DEADLINE_MS, 25 s): a payment in flight when SIGTERM
 * arrives gets its answer (or its time-out) before the process stops waiting for it.
 */
export const DEFAULT_TIMEOUT_MS = 20_000;
/** The spec shows no history format: any list of objects, passed on to the merchant as the gateway wrote it. */
const historySchema = z.array(z.record(z.string(), z.unknown()));
/** Readiness probes must answer quickly whatever the payment time-out is. */
const PING_TIMEOUT_MS = 2_000;
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** One transaction of a streamed list; the list itself has no limit. */
const MAX_LIST_ELEMENT_BYTES = 256 * 1024;
/** Failures before anything reached the gateway: a POST that failed so did nothing. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

type Method = 'GET' | 'POST';

/** Without a `Retry-After`, a 429 pauses its call kind this long; a longer one is capped. */
export const DEFAULT_RETRY_AFTER_MS = 5_000;
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * How long the gateway asks us to wait: `Retry-After` in seconds or as an HTTP date (RFC 9110), on a 429 or any
 * other error answer; a 429 without one waits `DEFAULT_RETRY_AFTER_MS`. Undefined: no such ask.
 */
export function retryAfterMs(
  status: number,
  header: string | string[] | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  let ms: number | undefined;
  if (value !== undefined && /^\s*\d+\s*$/.test(value)) ms = Number(value) * 1000;
  else if (value !== undefined && !Number.isNaN(Date.parse(value))) ms = Date.parse(value) - nowMs;
  if (ms === undefined) return status === 429 ? DEFAULT_RETRY_AFTER_MS : undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(1_000, ms));
}

function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined && cause !== error) return errorCode(cause);
  }
  return undefined;
}

function parseFieldErrors(text: string): GatewayFieldError[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = gatewayErrorBodySchema.safeParse(json);
  if (parsed.success) {
    return parsed.data.errors.map((entry) => ({
      message: maskDigitRuns(redactForLog(entry.message)),
      parameter_name: entry.parameter_name ?? null,
      type: entry.type ?? 'invalid_parameter',
    }));
  }
  const fallback = text.trim()
    ? maskDigitRuns(redactForLog(text.trim().slice(0, 300)))
    : 'The gateway refused the request.';
  return [{ message: fallback, parameter_name: null, type: 'integration' }];
}

function schemaIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return issues.map((issue) => ({
    message: issue.message,
    parameter_name: issue.path.map(String).join('.') || null,
    type: 'invalid_parameter',
  }));
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // One pool per origin (undici's Pool): keep-alive connections, no global fetch overhead.
  const pool = new Pool(base.origin, {
    connections: options.connections ?? 128,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: options.connectTimeoutMs ?? Math.min(10_000, timeoutMs) },
  });
  const headers = {
    authorization: `Bearer ${options.token}`,
    accept: 'application/json',
    'user-agent': 'merchant-checkout-server',
  };
  const postHeaders = { ...headers, 'content-type': 'application/json' };

  async function call<T>(
    method: Method,
    path: string,
    body: unknown,
    schema: z.ZodMiniType<T>,
    deadlineMs: number = timeoutMs,
  ): Promise<GatewayReply<T>> {
    const isPost = method === 'POST';
    // The usual deadline is the pool's own headers and body timeouts (no timer, signal or listener per
    // call: docs/decisions/146-constant-text-for-the-answer.md); a shorter one (the readiness ping) also
    // bounds the connection with a signal.
    const signal = deadlineMs < timeoutMs ? AbortSignal.timeout(deadlineMs) : undefined;
    let response: Awaited<ReturnType<Pool['request']>>;
    try {
      response = await pool.request({
        method,
        path: `${basePath}${path}`,
        headers: isPost ? postHeaders : headers,
        body: isPost ? JSON.stringify(body) : undefined,
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      throw transportError(error, signal?.aborted === true, isPost);
    }

    let text: string;
    try {
      text = await readLimited(response.body);
    } catch (error) {
      if (errorCode(error) === 'too-large') throw invalidResponse(response.statusCode, isPost, 'too-large');
      // The status line arrived, so the gateway saw the request.
      const failure = transportError(error, signal?.aborted === true, isPost);
      throw new GatewayError(failure.message, {
        kind: failure.kind,
        status: response.statusCode,
        sent: true,
        outcomeUnknown: isPost,
        code: failure.code,
      });
    }
    const status = response.statusCode;
    const dateHeader = response.headers.date;
    const date = typeof dateHeader === 'string' ? dateHeader : undefined;

    if (status >= 200 && status < 300) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw invalidResponse(status, isPost, 'json');
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw invalidResponse(status, isPost, 'schema');
      return { data: sanitiseGatewayBody(parsed.data), date };
    }
    if (status === 400 || status === 422) {
      throw new GatewayError(`The gateway refused the request (${status}).`, {
        kind: 'integration',
        status,
        errors: parseFieldErrors(text),
        sent: true,
        outcomeUnknown: false,
      });
    }
    if (status === 401 || status === 403) {
      throw new GatewayError(`The gateway refused our credentials (${status}).`, {
        kind: 'unauthorized',
        status,
        sent: true,
        outcomeUnknown: false,
      });
    }
    if (status === 404) {
      throw new GatewayError('The gateway does not know this resource (404).', {
        kind: 'not-found',
        status,
        sent: true,
        outcomeUnknown: false,
      });
    }
    // A 5xx (a 500 too: the gateway may have charged before failing) or anything unexpected; a 429 is a
    // refusal without acting (never retried here: the caller's kind is paused, paced-gateway.ts).
    const refusedWithoutActing = status >= 400 && status < 500;
    const wait = retryAfterMs(status, response.headers['retry-after']);
    throw new GatewayError(`The gateway answered ${status}.`, {
      kind: 'server',
      status,
      sent: true,
      outcomeUnknown: isPost && !refusedWithoutActing,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    });
  }

  return {
    async createTransaction(request) {
      const checked = parseTransactionRequest(request);
      if (!checked.success) {
        throw new GatewayError('The transaction request does not match the gateway schema.', {
          kind: 'integration',
          errors: schemaIssues(checked.error.issues),
          sent: false,
          outcomeUnknown: false,
          code: 'schema',
        });
      }
      return call('POST', '/v1/transactions', checked.data, transactionSchema);
    },
    getTransaction(id) {
      return call('GET', `/v1/transactions/${encodeURIComponent(String(id))}`, undefined, transactionSchema);
    },
    listTransactions() {
      return call('GET', '/v1/transactions', undefined, transactionListSchema);
    },
    async scanTransactions(query, onTransaction) {
      const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage) });
      if (query.createdFrom) params.set('created_from', query.createdFrom.toISOString());
      if (query.createdTo) params.set('created_to', query.createdTo.toISOString());
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Awaited<ReturnType<Pool['request']>>;
      try {
        response = await pool.request({
          method: 'GET',
          path: `${basePath}/v1/transactions?${params.toString()}`,
          headers,
          signal,
        });
      } catch (error) {
        throw transportError(error, signal.aborted, false);
      }
      const status = response.statusCode;
      if (status < 200 || status >= 300) {
        await response.body.dump().catch(() => undefined);
        const wait = retryAfterMs(status, response.headers['retry-after']);
        throw new GatewayError(`The gateway answered ${status} to a list.`, {
          kind: status === 401 || status === 403 ? 'unauthorized' : 'server',
          status,
          sent: true,
          outcomeUnknown: false,
          ...(wait === undefined ? {} : { retryAfterMs: wait }),
        });
      }
      let count = 0;
      try {
        for await (const element of jsonArrayObjects(response.body, MAX_LIST_ELEMENT_BYTES)) {
          const parsed = transactionSchema.safeParse(element);
          if (!parsed.success) throw invalidResponse(status, false, 'schema');
          count += 1;
          onTransaction(sanitiseGatewayBody(parsed.data));
        }
      } catch (error) {
        if (error instanceof GatewayError) throw error;
        const code = errorCode(error);
        if (code === 'json' || code === 'too-large' || error instanceof SyntaxError)
          throw invalidResponse(status, false, code ?? 'json');
        throw transportError(error, signal.aborted, false);
      } finally {
        if (!response.body.destroyed) response.body.destroy();
      }
      return { count };
    },
    captureTransaction(id, amount) {
      return call(
        'POST',
        `/v1/transactions/${encodeURIComponent(String(id))}/capture`,
        { amount },
        transactionSchema,
      );
    },
    refundTransaction(id, amount) {
      return call(
        'POST',
        `/v1/transactions/${encodeURIComponent(String(id))}/refund`,
        { amount },
        transactionSchema,
      );
    },
    transactionHistory(id) {
      return call(
        'GET',
        `/v1/transactions/${encodeURIComponent(String(id))}/history`,
        undefined,
        historySchema,
      );
    },
    transactionInstallments(id) {
      return call(
        'GET',
        `/v1/transactions/${encodeURIComponent(String(id))}/installments`,
        undefined,
        z.unknown(),
      );
    },
    async simulateFees(request) {
      const checked = feeSimulationRequestSchema.safeParse(request);
      if (!checked.success) {
        throw new GatewayError('The fee simulation request does not match the gateway schema.', {
          kind: 'integration',
          errors: schemaIssues(checked.error.issues),
          sent: false,
          outcomeUnknown: false,
          code: 'schema',
        });
      }
      return call('POST', '/v1/simulate/tax', checked.data, feeSimulationResponseSchema);
    },
    async createCard(request) {
      const checked = cardRequestSchema.safeParse(request);
      if (!checked.success) {
        throw new GatewayError('The card does not match the gateway schema.', {
          kind: 'integration',
          errors: schemaIssues(checked.error.issues),
          sent: false,
          outcomeUnknown: false,
          code: 'schema',
        });
      }
      return call('POST', '/v1/cards', checked.data, cardCreationResponseSchema);
    },
    async ping() {
      try {
        await call('GET', '/v1/transactions/0', undefined, transactionSchema, PING_TIMEOUT_MS);
        return { reachable: true, status: 200 };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        const answered = error.status !== undefined && error.status < 500;
        return { reachable: answered, status: error.status, kind: error.kind };
      }
    },
    close: () => pool.close(),
  };
}

function transportError(error: unknown, timedOut: boolean, isPost: boolean): GatewayError {
  const code = errorCode(error);
  const isTimeout = timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
  if (isTimeout) {
    return new GatewayError('The gateway did not answer in time.', {
      kind: 'timeout',
      sent: true,
      outcomeUnknown: isPost,
      code: code ?? 'deadline',
    });
  }
  const sent = code === undefined || !NOT_SENT_CODES.has(code);
  return new GatewayError(`The gateway could not be reached (${code ?? 'network error'}).`, {
    kind: 'network',
    sent,
    outcomeUnknown: isPost && sent,
    code,
  });
}

function invalidResponse(status: number, isPost: boolean, code: string): GatewayError {
  return new GatewayError('The gateway answered with a body we cannot read.', {
    kind: 'invalid-response',
    status,
    sent: true,
    // A 2xx to a POST we cannot read: it may well have created the transaction.
    outcomeUnknown: isPost,
    code,
  });
}

async function readLimited(body: AsyncIterable<Buffer | Uint8Array | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_RESPONSE_BYTES)
      throw Object.assign(new Error('response too large'), { code: 'too-large' });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
