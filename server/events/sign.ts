import { createHmac } from 'node:crypto';

/**
 * `t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>` — Stripe's scheme: the timestamp is signed
 * with the body, so a verifier can refuse old requests (replays) as well as forged ones. With several
 * secrets (a webhook endpoint's secret being rolled) there is one `v1=` per secret, newest first, as Stripe
 * does: a verifier holding either secret accepts the request. The verifying side is
 * contract/webhook-signature.ts (Web Crypto) and examples/merchant-backend.mjs.
 */
export function signatureHeader(
  secrets: string | readonly string[],
  rawBody: string,
  unixSeconds: number,
): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  const signatures = list.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex')}`,
  );
  return [`t=${unixSeconds}`, ...signatures].join(',');
}
