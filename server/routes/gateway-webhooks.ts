import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { takeGatewayWebhook, webhookTrust } from '../webhooks/gateway-webhook-intake.ts';

export const GATEWAY_WEBHOOK_PATH = '/api/webhooks/gateway';
/**
 * `t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`, as our own events
 * (docs/decisions/065-event-names-and-signature.md).
 */
export const GATEWAY_SIGNATURE_HEADER = 'x-gateway-signature';

/**
 * Webhooks from the gateway, mounted at GATEWAY_WEBHOOK_PATH (intake: webhooks/gateway-webhook-intake.ts).
 * The answer is 200 whenever the request was authentic, so the gateway does not hammer us with retries.
 */
export function gatewayWebhookRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  const { policy } = deps;
  const trust = webhookTrust(deps);

  routes.post('/', async (c) => {
    const outcome = await takeGatewayWebhook(deps, policy, trust, {
      rawBody: await c.req.text(),
      signatureHeader: c.req.header(GATEWAY_SIGNATURE_HEADER),
      contentType: c.req.header('content-type') ?? '',
    });
    switch (outcome.kind) {
      case 'received':
        return c.json({ received: true });
      case 'not-configured':
        return apiError(
          c,
          401,
          'Gateway webhooks are not accepted: no GATEWAY_WEBHOOK_SECRET is configured.',
          'signature_not_configured',
        );
      case 'bad-signature':
        return apiError(c, 401, 'Invalid or stale webhook signature.', `signature_${outcome.reason}`);
      case 'no-transaction':
        return apiError(c, 400, 'The webhook names no transaction id.', 'invalid_parameter', 'id');
    }
  });
  return routes;
}
