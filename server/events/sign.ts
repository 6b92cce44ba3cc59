import { createHmac } from 'node:crypto';

/**
 * `t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>` — Stripe's scheme: the timestamp is signed
 * with the body, so a verifier can refuse old requests (replays) as well as forged ones. The verifying
 * side is contract/webhook-signature.ts (Web Crypto) and examples/merchant-backend.mjs.
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}
