import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  consoleNewUserRequestSchema,
  consoleOwnerConfirmSchema,
  consoleRoleChangeRequestSchema,
} from '../../contract/console/console-account.ts';
import type { AppDeps } from '../app-deps.ts';
import { consoleUserView } from '../console/console-user-view.ts';
import {
  addUserAsOwner,
  changeRoleAsOwner,
  disableConsoleUser,
  enableConsoleUser,
  resetConsoleUserPassword,
  turnOffUserTotp,
  type UserAccessOutcome,
} from '../console/user-access.ts';
import { apiError } from '../http/api-error.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { passwordRefused } from './console-password-refusal.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';
import { reauthRefused, sessionGone } from './console-reauth-answer.ts';

const userIdSchema = z.string().check(z.regex(/^usr_[A-Za-z0-9_-]{1,43}$/));

type Action = (
  context: Parameters<typeof disableConsoleUser>[0],
  input: { id: string; password: string },
) => Promise<UserAccessOutcome>;

/**
 * The owners' changes to users (mounted at /api/console; docs/merchants/console.md): add one (their password
 * shown once), change a role, disable, enable, a new password shown once, two-step off. Each asks the owner's
 * password again (`current_password`) and is on the audit log.
 */
export function consoleUserAccessRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);
  const guard = consoleSessionGuard(deps);

  const context = (c: Context<ConsoleEnv>) => ({
    db: deps.db,
    policy,
    session: c.get('consoleSession'),
    address: clientAddress(c, trust),
    now: deps.now(),
  });

  const run = async (c: Context<ConsoleEnv>, action: Action): Promise<Response> => {
    const id = userIdSchema.safeParse(c.req.param('id'));
    if (!id.success) return apiError(c, 404, 'No user has this id.', 'not_found', 'id');
    const body = await readJsonBody(c, consoleOwnerConfirmSchema);
    if (!body.ok) return body.response;
    const outcome = await action(context(c), { id: id.data, password: body.data.current_password });
    switch (outcome.kind) {
      case 'changed':
        return c.json(consoleUserView(outcome.user));
      case 'password':
        // Shown once, to the owner who passes it on; stored hashed only.
        return c.json({
          id: outcome.user.id,
          email: outcome.user.email,
          role: outcome.user.role,
          password: outcome.password,
        });
      case 'not-found':
        return apiError(c, 404, 'No user has this id.', 'not_found', 'id');
      case 'gone':
        return sessionGone(c);
      case 'last-owner':
        return apiError(c, 409, 'The last owner cannot be disabled.', 'last_owner', 'id');
      case 'own-account':
        return apiError(
          c,
          409,
          'Change your own password and two-step verification under Your account.',
          'own_account',
          'id',
        );
      case 'wrong-password':
      case 'totp-required':
      case 'totp-invalid':
      case 'throttled':
        return reauthRefused(c, outcome);
    }
  };

  const owner = [guard, requirePermission('administer')] as const;
  routes.post('/users', ...owner, async (c) => {
    const body = await readJsonBody(c, consoleNewUserRequestSchema);
    if (!body.ok) return body.response;
    const { email, role, current_password } = body.data;
    const outcome = await addUserAsOwner(context(c), { email, role, password: current_password });
    switch (outcome.kind) {
      case 'invalid':
        return apiError(c, 400, outcome.message, 'invalid_parameter', outcome.field);
      case 'refused-password':
        return passwordRefused(c, outcome.refusal, 'password');
      case 'exists':
        return apiError(c, 409, 'A user with this e-mail exists.', 'user_exists', 'email');
      case 'created':
        // The generated password is shown once, to the owner who passes it on; it is stored hashed only.
        return c.json(
          {
            id: outcome.user.id,
            email: outcome.user.email,
            role: outcome.user.role,
            password: outcome.password,
          },
          201,
        );
      case 'gone':
        return sessionGone(c);
      case 'wrong-password':
      case 'totp-required':
      case 'totp-invalid':
      case 'throttled':
        return reauthRefused(c, outcome);
    }
  });
  routes.patch('/users/:id', ...owner, async (c) => {
    const body = await readJsonBody(c, consoleRoleChangeRequestSchema);
    if (!body.ok) return body.response;
    const { role, current_password } = body.data;
    const outcome = await changeRoleAsOwner(context(c), {
      id: c.req.param('id'),
      role,
      password: current_password,
    });
    switch (outcome.kind) {
      case 'not-found':
        return apiError(c, 404, 'No user has this id.', 'not_found', 'id');
      case 'last-owner':
        return apiError(c, 409, 'The last owner cannot be given another role.', 'last_owner', 'role');
      case 'changed':
        return c.json({ id: outcome.user.id, email: outcome.user.email, role: outcome.user.role });
      case 'gone':
        return sessionGone(c);
      case 'wrong-password':
      case 'totp-required':
      case 'totp-invalid':
      case 'throttled':
        return reauthRefused(c, outcome);
    }
  });
  routes.post('/users/:id/disable', ...owner, (c) => run(c, disableConsoleUser));
  routes.post('/users/:id/enable', ...owner, (c) => run(c, enableConsoleUser));
  routes.post('/users/:id/password', ...owner, (c) => run(c, resetConsoleUserPassword));
  routes.post('/users/:id/totp/remove', ...owner, (c) => run(c, turnOffUserTotp));

  return routes;
}
