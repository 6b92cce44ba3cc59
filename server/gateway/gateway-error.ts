import type { GatewayErrorKind } from '../../contract/gateway/gateway-error-kind.ts';

export interface GatewayFieldError {
  message: string;
  parameter_name: string | null;
  type: string;
}

export interface GatewayErrorDetails {
  kind: GatewayErrorKind;
  /** HTTP status when the gateway answered. */
  status?: number;
  /** The gateway's 400 entries (or ours, when our own schema refused the request before sending). */
  errors?: GatewayFieldError[];
  /** False when the request never left this process (our schema refused it, or the connection failed). */
  sent: boolean;
  /**
   * True when a POST may have acted at the gateway although we have no usable answer: a network error
   * after sending, a time-out, a 5xx, an unreadable 2xx. Such a POST is never retried; it is resolved by
   * asking the gateway later (docs/decisions/043-unknown-outcomes-matched-not-retried.md).
   */
  outcomeUnknown: boolean;
  /** A short machine-readable cause (`ECONNRESET`, `UND_ERR_HEADERS_TIMEOUT`, `schema`…), for logs. */
  code?: string;
  /**
   * The gateway asked us to slow down (a 429, or `Retry-After` on any answer): how long before asking again
   * (paced-gateway.ts pauses that call kind for every instance).
   */
  retryAfterMs?: number;
}

/**
 * The one error of the server's gateway client, with the closed set of kinds of
 * docs/decisions/003-gateway-error-parsing-and-kinds.md. Its message and fields never hold card data: they
 * are built from statuses, codes and the gateway's (redacted) error messages only, never from the request.
 */
export class GatewayError extends Error implements GatewayErrorDetails {
  readonly kind: GatewayErrorKind;
  readonly status?: number;
  readonly errors?: GatewayFieldError[];
  readonly sent: boolean;
  readonly outcomeUnknown: boolean;
  readonly code?: string;
  readonly retryAfterMs?: number;

  constructor(message: string, details: GatewayErrorDetails) {
    super(message);
    this.name = 'GatewayError';
    this.kind = details.kind;
    this.status = details.status;
    this.errors = details.errors;
    this.sent = details.sent;
    this.outcomeUnknown = details.outcomeUnknown;
    this.code = details.code;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** What may be logged: kind, status, code and flags — no bodies. */
  toLogFields(): Record<string, unknown> {
    return {
      gatewayError: this.kind,
      gatewayStatus: this.status,
      gatewayCode: this.code,
      retryAfterMs: this.retryAfterMs,
      sent: this.sent,
      outcomeUnknown: this.outcomeUnknown,
    };
  }
}
