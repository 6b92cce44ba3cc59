import { Hono } from 'hono';
import { consoleLoginRequestSchema, type ConsoleMe } from '../../contract/console/console-auth.ts';
import { consoleAuditQuerySchema } from '../../contract/console/console-settings.ts';
import type { AppDeps } from '../app-deps.ts';
import { consoleUsers } from '../console/console-users.ts';
import { endConsoleSession, type ConsoleSession } from '../console/console-sessions.ts';
import { consoleUserView } from '../console/console-user-view.ts';
import { logIn } from '../console/login.ts';
import { listAudit } from '../console/audit.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { consoleBrand } from '../shop/console-shop-view.ts';
import {
  clearSessionCookie,
  consoleSessionGuard,
  originGuard,
  requirePermission,
  sessionToken,
  setSessionCookie,
  type ConsoleEnv,
} from './console-guard.ts';

async function meView(deps: AppDeps, session: ConsoleSession): Promise<ConsoleMe> {
  const { user } = session;
  return {
    user: { id: user.id, email: user.email, role: user.role, totp_enabled: user.totpEnabled },
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
    shop: await consoleBrand(deps),
  };
}

/**
 * The console's accounts (docs/merchants/console.md), mounted at /api/console: log in and out, who am I,
 * the owners' team list and audit log (one's own password and two-step: console-account.ts; an owner's changes
 * to users — adding one, a role, access: console-user-access.ts). Every change past login is behind the session
 * guard (CSRF) and a role check.
 */
export function consoleAuthRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);

  routes.post('/login', originGuard(deps), async (c) => {
    const body = await readJsonBody(c, consoleLoginRequestSchema);
    if (!body.ok) return body.response;
    const outcome = await logIn(
      deps.db,
      policy,
      { request: body.data, address: clientAddress(c, trust), previousToken: sessionToken(c) },
      deps.now(),
    );
    switch (outcome.kind) {
      case 'throttled':
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        return apiError(
          c,
          429,
          `Too many failed attempts to log in. Try again in ${outcome.retryAfterSeconds} seconds.`,
          'rate_limited',
        );
      case 'invalid':
        return apiError(c, 401, 'Wrong e-mail or password.', 'invalid_credentials');
      case 'totp-required':
        return apiError(
          c,
          401,
          outcome.wrong
            ? 'Wrong code from the authenticator app.'
            : 'Type the code from your authenticator app.',
          outcome.wrong ? 'totp_invalid' : 'totp_required',
          'totp',
        );
      case 'disabled':
        return apiError(
          c,
          403,
          'This account is disabled. Ask an owner of the shop to enable it.',
          'account_disabled',
        );
      case 'ok':
        setSessionCookie(c, deps, outcome.token);
        return c.json(await meView(deps, outcome.session));
    }
  });

  // Per route, not `use('*')`: a middleware of this router would also run on /api/console/payments.
  const guard = consoleSessionGuard(deps);

  routes.get('/me', guard, async (c) => c.json(await meView(deps, c.get('consoleSession'))));

  routes.post('/logout', guard, async (c) => {
    await endConsoleSession(deps.db, c.get('consoleSession'), clientAddress(c, trust), deps.now());
    clearSessionCookie(c, deps);
    return c.body(null, 204);
  });

  routes.get('/users', guard, requirePermission('administer'), async (c) => {
    const users = await consoleUsers(deps.db);
    return c.json({ data: users.map(consoleUserView) });
  });

  routes.get('/audit', guard, requirePermission('administer'), async (c) => {
    const query = consoleAuditQuerySchema.safeParse(c.req.query());
    if (!query.success) return apiErrors(c, 400, issuesToErrors(query.error.issues));
    const { target_type, target_id, before } = query.data;
    return c.json(
      await listAudit(deps.db, {
        targetType: target_type,
        targetId: target_id,
        beforeId: before === undefined ? undefined : Number(before),
      }),
    );
  });

  return routes;
}
