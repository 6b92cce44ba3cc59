import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { SIGNATURE_HEADER } from '../../contract/merchant-events.ts';
import {
  DELIVERY_ADDRESS_NOT_ALLOWED,
  DELIVERY_NO_ANSWER,
  deliveryHttpError,
} from '../../contract/webhook-endpoints.ts';
import { checkDestination, type EgressPolicy, type ResolvedAddress } from '../egress/egress-policy.ts';
import { describeError } from '../platform/describe-error.ts';
import { signatureHeader } from './sign.ts';

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  /**
   * What the delivery log keeps and the merchant sees: `HTTP 503`, `address not allowed` or `no answer` —
   * never a socket's own error, which would tell what listens where behind the server.
   */
  error: string | null;
  /** The cause, for the server's log only (operators): a refused connection, a certificate, a time-out. */
  detail: string | null;
  durationMs: number;
}

/**
 * Where a POST may go. `trusted`: the operator's own MERCHANT_WEBHOOK_URL, sent as set. An EgressPolicy: a
 * merchant's URL, checked at every delivery and connected to the checked address only.
 */
export type PostDestination = 'trusted' | EgressPolicy;

/** Every connection of this dispatcher goes to `address`, whatever the name: the name stays in Host and SNI. */
function pinnedDispatcher(address: ResolvedAddress, timeoutMs: number): Agent {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  return new Agent({ connect: { lookup, timeout: timeoutMs } });
}

/**
 * One signed POST of an event's body to a merchant's endpoint (the environment's or a webhook endpoint's):
 * 2xx is delivered, anything else — another status (a redirect included: none is followed), a time-out, a
 * refused connection, an address the policy refuses — is an error kept for the delivery log (never the body:
 * the merchant already has it in the event).
 */
export async function postEvent(options: {
  url: string;
  destination: PostDestination;
  /** Each secret adds a `v1=` (a roll's overlap signs with both). */
  secrets: readonly string[];
  body: string;
  now: Date;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}): Promise<PostResult> {
  const started = performance.now();
  const failed = (error: string, detail: string | null): PostResult => ({
    ok: false,
    statusCode: null,
    error,
    detail,
    durationMs: performance.now() - started,
  });
  let dispatcher: Agent | undefined;
  if (options.destination !== 'trusted') {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return failed(DELIVERY_NO_ANSWER, 'the URL does not parse');
    }
    const checked = await checkDestination(url, options.destination);
    if (!checked.ok)
      return checked.reason === 'address_not_allowed'
        ? failed(DELIVERY_ADDRESS_NOT_ALLOWED, `${url.hostname}: not a public address`)
        : failed(DELIVERY_NO_ANSWER, `${url.hostname}: does not resolve`);
    dispatcher = pinnedDispatcher(checked.address, options.timeoutMs);
  }
  try {
    // undici's `request` follows no redirect: a 3xx is an answer like any other, not delivered.
    const response = await request(options.url, {
      method: 'POST',
      body: options.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'merchant-checkout-events',
        [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(
          options.secrets,
          options.body,
          Math.floor(options.now.getTime() / 1000),
        ),
      },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal: options.signal,
      ...(dispatcher ? { dispatcher } : {}),
    });
    await response.body.dump();
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return {
      ok,
      statusCode: response.statusCode,
      error: ok ? null : deliveryHttpError(response.statusCode),
      detail: null,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    return failed(DELIVERY_NO_ANSWER, describeError(error).slice(0, 300));
  } finally {
    // One delivery, one connection: nothing pooled outlives the address checked for it.
    await dispatcher?.destroy().catch(() => undefined);
  }
}
