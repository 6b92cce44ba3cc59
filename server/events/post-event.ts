import { request } from 'undici';
import { SIGNATURE_HEADER } from '../../contract/merchant-events.ts';
import { describeError } from '../platform/describe-error.ts';
import { signatureHeader } from './sign.ts';

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * One signed POST of an event's body to a merchant's endpoint (the environment's or a webhook endpoint's):
 * 2xx is delivered, anything else — another status, a time-out, a refused connection — is an error kept
 * for the delivery log (never the body: the merchant already has it in the event).
 */
export async function postEvent(options: {
  url: string;
  /** Each secret adds a `v1=` (a roll's overlap signs with both). */
  secrets: readonly string[];
  body: string;
  now: Date;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}): Promise<PostResult> {
  const started = performance.now();
  try {
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
    });
    await response.body.dump();
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return {
      ok,
      statusCode: response.statusCode,
      error: ok ? null : `HTTP ${response.statusCode}`,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      error: describeError(error).slice(0, 300),
      durationMs: performance.now() - started,
    };
  }
}
