import { Hono } from 'hono';
import { API_PATHS } from '../contract/checkout-session.ts';
import type { AppDeps } from './app-deps.ts';
import { apiError } from './http/api-error.ts';
import { bodySizeLimit } from './http/body-limit.ts';
import { isDatabaseUnavailable } from './db/database-errors.ts';
import { describeError } from './platform/describe-error.ts';
import type { ServerEnvBindings } from './http/bindings.ts';
import { requestTargetGuard } from './http/request-target-guard.ts';
import { setResponseHeader } from './http/response-headers.ts';
import { CONSOLE_API_BASE } from '../contract/console/console-auth.ts';
import { addressLookupRoutes } from './routes/address-lookup.ts';
import { consoleAccountRoutes } from './routes/console-account.ts';
import { consoleAuthRoutes } from './routes/console-auth.ts';
import { consoleCustomerRoutes } from './routes/console-customers.ts';
import { consoleDeveloperRoutes } from './routes/console-developers.ts';
import { consoleEventRoutes } from './routes/console-events.ts';
import { consoleHomeRoutes } from './routes/console-home.ts';
import { consoleLinkRoutes } from './routes/console-links.ts';
import { consolePaymentInstallmentRoutes } from './routes/console-payment-installments.ts';
import { consolePaymentRoutes } from './routes/console-payments.ts';
import { consoleNoticeRoutes } from './routes/console-notices.ts';
import { mailUnsubscribeRoutes } from './routes/mail-unsubscribe.ts';
import { consoleUserAccessRoutes } from './routes/console-user-access.ts';
import { consoleBrandRoutes, consoleShopRoutes } from './routes/console-shop.ts';
import { shopFileRoutes } from './routes/shop-files.ts';
import { feeSimulationRoutes } from './routes/fee-simulations.ts';
import { GATEWAY_WEBHOOK_PATH, gatewayWebhookRoutes } from './routes/gateway-webhooks.ts';
import { merchantApiKeyRoutes } from './routes/merchant-api-keys.ts';
import { merchantCustomerRoutes } from './routes/merchant-customers.ts';
import { merchantEventRoutes } from './routes/merchant-events.ts';
import { merchantPaymentInstallmentRoutes } from './routes/merchant-payment-installments.ts';
import { consoleReceivableRoutes } from './routes/console-receivables.ts';
import { merchantReceivableRoutes } from './routes/merchant-receivables.ts';
import { merchantPaymentRoutes } from './routes/merchant-payments.ts';
import { merchantSessionRoutes } from './routes/merchant-sessions.ts';
import { merchantWebhookEndpointRoutes } from './routes/merchant-webhook-endpoints.ts';
import { paymentLinkPageRoutes } from './routes/payment-link-pages.ts';
import { paymentLinkRoutes } from './routes/payment-links.ts';
import { shopperCardRoutes } from './routes/shopper-cards.ts';
import { shopperRoutes } from './routes/shopper-payments.ts';

export type { AppDeps } from './app-deps.ts';

/**
 * The checkout server's API only — `/api/v1/checkout-sessions…` (merchant) and `/api/pay/…` (shopper).
 * The production shell (server/main.ts and server/http/) adds logs, request ids, security headers and
 * static files around it. Testable without a port: `createApp(deps).request(…)`.
 */
export function createApp(deps: AppDeps): Hono<ServerEnvBindings> {
  const app = new Hono<ServerEnvBindings>();
  const policy = deps.policy;

  app.use(
    '/api/*',
    bodySizeLimit(policy.bodyLimitBytes, (c) =>
      apiError(c, 413, `The body is larger than ${policy.bodyLimitBytes} bytes.`, 'payload_too_large'),
    ),
  );
  app.use('/api/*', requestTargetGuard());
  // Sessions, payments and transactions are private and change: no cache may keep or replay them. Set on
  // the answer's headers, not with `c.header`: after the handler that copies the answer into a Web
  // Response and stream (about 100 µs a request on the payment path).
  app.use('/api/*', async (c, next) => {
    await next();
    setResponseHeader(c, 'Cache-Control', 'no-store');
  });
  // The URL map. Merchant API (secret key on every call):
  app.route(API_PATHS.merchantSessions, merchantSessionRoutes(deps));
  app.route('/api/v1/payments', merchantPaymentInstallmentRoutes(deps));
  app.route('/api/v1/payments', merchantPaymentRoutes(deps));
  app.route('/api/v1/events', merchantEventRoutes(deps));
  app.route('/api/v1/webhook-endpoints', merchantWebhookEndpointRoutes(deps));
  app.route('/api/v1/api-keys', merchantApiKeyRoutes(deps));
  app.route('/api/v1/customers', merchantCustomerRoutes(deps));
  app.route('/api/v1/payment-links', paymentLinkRoutes(deps));
  app.route('/api/v1/receivables', merchantReceivableRoutes(deps));
  // The merchant console (a person logged in: session cookie, CSRF token, role checks; never the key).
  app.route(CONSOLE_API_BASE, consoleAuthRoutes(deps));
  app.route(CONSOLE_API_BASE, consoleAccountRoutes(deps));
  app.route(CONSOLE_API_BASE, consoleUserAccessRoutes(deps));
  // Before the payments router: its own session check on its one route, not the payments' one as well.
  app.route(`${CONSOLE_API_BASE}/payments`, consolePaymentInstallmentRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/payments`, consolePaymentRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/customers`, consoleCustomerRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/developers`, consoleDeveloperRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/summary`, consoleHomeRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/links`, consoleLinkRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/events`, consoleEventRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/receivables`, consoleReceivableRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/shop`, consoleShopRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/brand`, consoleBrandRoutes(deps));
  app.route(`${CONSOLE_API_BASE}/notices`, consoleNoticeRoutes(deps));
  app.route('/api/mail/unsubscribe', mailUnsubscribeRoutes(deps));
  // Public tools, metered per client address: the fee simulator page and the CEP lookup.
  app.route('/api/v1/simulate', feeSimulationRoutes(deps));
  app.route('/api/cep', addressLookupRoutes(deps));
  // The shopper (the unguessable session id is the capability): the session, payments, saved cards.
  app.route('/api/pay/:sid', shopperRoutes(deps));
  app.route('/api/pay/:sid', shopperCardRoutes(deps));
  // The gateway's webhooks (signed).
  app.route(GATEWAY_WEBHOOK_PATH, gatewayWebhookRoutes(deps));
  // The shopper's link page, server-rendered (no script: the checkout's first load does not change).
  app.route('/l', paymentLinkPageRoutes(deps));
  // The shop's logo and icon, for the checkout, the link pages and the console.
  app.route('/', shopFileRoutes(deps));
  // Unknown API paths answer JSON here rather than falling through to the SPA's HTML.
  app.all('/api/*', (c) => apiError(c, 404, 'No such API path.', 'not_found'));

  app.onError((error, c) => {
    // A failover, restart or dropped connection: this request failed, the next one may not (the pool
    // reconnects). 503 says "try again"; /readyz says the same to the load balancer meanwhile.
    if (isDatabaseUnavailable(error)) {
      deps.log.warn('database unavailable', { path: c.req.path, error: describeError(error) });
      c.header('Retry-After', '2');
      return apiError(c, 503, 'The service is briefly unavailable. Try again.', 'database_unavailable');
    }
    // Never the request body: it may hold card data. The message and stack are ours.
    deps.log.error('unhandled error', {
      path: c.req.path,
      method: c.req.method,
      error: describeError(error),
    });
    return apiError(c, 500, 'Internal error.', 'internal_error');
  });
  return app;
}
