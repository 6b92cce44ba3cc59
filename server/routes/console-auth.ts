import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  consoleLoginRequestSchema,
  consoleRoleSchema,
  type ConsoleMe,
} from '../../contract/console/console-auth.ts';
import { consoleAuditQuerySchema } from '../../contract/console/console-settings.ts';
import type { AppDeps } from '../app-deps.ts';
import { addConsoleUser, changeConsoleUserRole, consoleUsers } from '../console/console-users.ts';
import { endConsoleSession, type ConsoleSession } from '../console/console-sessions.ts';
import { consoleUserView } from '../console/console-user-view.ts';
import { logIn } from '../console/login.ts';
import { listAudit } from '../console/audit.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { passwordRefused } from './console-password-refusal.ts';
import {
  clearSessionCookie,
  consoleSessionGuard,
  originGuard,
  requirePermission,
  sessionToken,
  setSessionCookie,
  type ConsoleEnv,
} from './console-guard.ts';

function meView(session: ConsoleSession): ConsoleMe {
  const { user } = session;
  return {
    user: { id: user.id, email: user.email, role: user.role, totp_enabled: user.totpEnabled },
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
  };
}

const newUserSchema = z.strictObject({ email: z.string().check(z.maxLength(254)), role: consoleRoleSchema });
const roleChangeSchema = z.strictObject({ role: consoleRoleSchema });

/**
 * The console's accounts (docs/merchants/console.md), mounted at /api/console: log in and out, who am I,
 * and the owners' user management and audit log (one's own password and two-step: console-account.ts; an
 * owner's changes to another user's access: console-user-access.ts). Every change past login is behind the session
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
        return c.json(meView(outcome.session));
    }
  });

  // Per route, not `use('*')`: a middleware of this router would also run on /api/console/payments.
  const guard = consoleSessionGuard(deps);

  routes.get('/me', guard, (c) => c.json(meView(c.get('consoleSession'))));

  routes.post('/logout', guard, async (c) => {
    await endConsoleSession(deps.db, c.get('consoleSession'), clientAddress(c, trust), deps.now());
    clearSessionCookie(c, deps);
    return c.body(null, 204);
  });

  routes.get('/users', guard, requirePermission('administer'), async (c) => {
    const users = await consoleUsers(deps.db);
    return c.json({ data: users.map(consoleUserView) });
  });

  routes.post('/users', guard, requirePermission('administer'), async (c) => {
    const body = await readJsonBody(c, newUserSchema);
    if (!body.ok) return body.response;
    const { user } = c.get('consoleSession');
    const result = await addConsoleUser(
      deps.db,
      body.data,
      { userId: user.id, email: user.email },
      deps.now(),
    );
    switch (result.kind) {
      case 'invalid':
        return apiError(c, 400, result.message, 'invalid_parameter', result.field);
      case 'refused-password':
        return passwordRefused(c, result.refusal, 'password');
      case 'exists':
        return apiError(c, 409, 'A user with this e-mail exists.', 'user_exists', 'email');
      case 'created':
        // The generated password is shown once, to the owner who passes it on; it is stored hashed only.
        return c.json(
          { id: result.user.id, email: result.user.email, role: result.user.role, password: result.password },
          201,
        );
    }
  });

  routes.patch('/users/:id', guard, requirePermission('administer'), async (c) => {
    const body = await readJsonBody(c, roleChangeSchema);
    if (!body.ok) return body.response;
    const { user } = c.get('consoleSession');
    const result = await changeConsoleUserRole(
      deps.db,
      { userId: user.id, email: user.email },
      { id: c.req.param('id'), role: body.data.role },
      deps.now(),
    );
    switch (result.kind) {
      case 'not-found':
        return apiError(c, 404, 'No user has this id.', 'not_found', 'id');
      case 'last-owner':
        return apiError(c, 409, 'The last owner cannot be given another role.', 'last_owner', 'role');
      case 'changed':
        return c.json({ id: result.user.id, email: result.user.email, role: result.user.role });
    }
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
