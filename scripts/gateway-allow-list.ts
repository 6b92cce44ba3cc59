/**
 * The only gateway calls the checkout makes. The proxy that adds the merchant's token must refuse every
 * other one: with the token added, `GET /v1/transactions` would list every shopper's data to anyone, and
 * refunds or captures would go through. Query strings are never needed and are refused too.
 */
const ALLOWED: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/v1\/transactions$/ },
  { method: 'GET', path: /^\/v1\/transactions\/\d{1,18}$/ },
  { method: 'POST', path: /^\/v1\/simulate\/tax$/ },
];

/** `path` is what follows the `/api` prefix. */
export function isAllowedGatewayCall(method: string | undefined, path: string): boolean {
  return ALLOWED.some((rule) => rule.method === method && rule.path.test(path));
}
