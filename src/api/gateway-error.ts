import type { GatewayErrorKind } from '../../contract/gateway/gateway-error-kind.ts';

export interface FieldError {
  /** Dotted path in the request body, e.g. `card.card_cvv`, or the bare parameter name the gateway gave. */
  field: string;
  message: string;
}

interface GatewayErrorInit {
  status?: number;
  fieldErrors?: FieldError[];
  /** False when the request was refused by our own validation and never left the browser. */
  sent?: boolean;
  /**
   * The gateway may have acted on the request although we have no answer (time-out, a connection that
   * dropped mid-answer, an unreadable 2xx, a 502/504 from a proxy, a 500 to a POST). For a payment: do
   * not offer to pay again.
   */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

/**
 * Messages arrive redacted (http-client.ts makes every GatewayError through `redactCardData`), so this
 * class — which the checkout's first load needs for `isGatewayError` — does not carry the redaction code.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly kind: GatewayErrorKind;
  readonly status: number | undefined;
  readonly fieldErrors: readonly FieldError[];
  readonly sent: boolean;
  readonly outcomeUnknown: boolean;

  constructor(kind: GatewayErrorKind, message: string, init: GatewayErrorInit = {}) {
    super(message, { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? [];
    this.sent = init.sent ?? true;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}
