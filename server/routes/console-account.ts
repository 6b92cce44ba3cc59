import { Hono, type Context } from 'hono';
import {
  consolePasswordChangeSchema,
  consoleTotpConfirmSchema,
  consoleTotpRemoveSchema,
} from '../../contract/console/console-account.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  changeMyPassword,
  enableMyTotp,
  removeMyTotp,
  type AccountChangeOutcome,
} from '../console/my-account.ts';
import { newTotpSecret, totpUri } from '../console/totp.ts';
import { apiError } from '../http/api-error.ts';
import { passwordRefused } from './console-password-refusal.ts';
import { clientAddress, parseTrustProxy } from '../http/client-address.ts';
import { readJsonBody } from '../http/json-body.ts';
import { consoleSessionGuard, type ConsoleEnv } from './console-guard.ts';
import { reauthRefused, sessionGone } from './console-reauth-answer.ts';

/**
 * The logged-in user's own sign-in (mounted at /api/console; docs/merchants/console.md): change the password,
 * turn two-step on, replace its key or turn it off. Every role; each change asks the current password and, while
 * two-step is on, a current code, and ends the user's other sessions.
 */
export function consoleAccountRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  const { policy } = deps;
  const trust = parseTrustProxy(deps.env.TRUST_PROXY);
  // Per route, not `use('*')`: a middleware of this router would also run on the other /api/console routers.
  const guard = consoleSessionGuard(deps);
  const context = (c: Context<ConsoleEnv>) => ({
    db: deps.db,
    policy,
    session: c.get('consoleSession'),
    address: clientAddress(c, trust),
    now: deps.now(),
  });

  const answer = (c: Context<ConsoleEnv>, outcome: AccountChangeOutcome): Response => {
    switch (outcome.kind) {
      case 'changed':
        return c.body(null, 204);
      case 'gone':
        return sessionGone(c);
      case 'refused-password':
        return passwordRefused(c, outcome.refusal, 'new_password');
      case 'wrong-code':
        return apiError(c, 400, 'That code is not right. Try the next one.', 'totp_invalid', 'code');
      case 'totp-off':
        return apiError(c, 409, 'Two-step verification is not on.', 'totp_off');
      case 'wrong-password':
      case 'totp-required':
      case 'totp-invalid':
      case 'throttled':
        return reauthRefused(c, outcome);
    }
  };

  routes.post('/me/password', guard, async (c) => {
    const body = await readJsonBody(c, consolePasswordChangeSchema);
    if (!body.ok) return body.response;
    const { current_password, current_totp, new_password } = body.data;
    return answer(
      c,
      await changeMyPassword(context(c), {
        reauth: { password: current_password, totp: current_totp },
        newPassword: new_password,
      }),
    );
  });

  // A new key to scan: nothing is stored until a code from it is confirmed.
  routes.post('/me/totp', guard, (c) => {
    const secret = newTotpSecret();
    return c.json({ secret, uri: totpUri(secret, c.get('consoleSession').user.email, 'Checkout console') });
  });

  routes.post('/me/totp/confirm', guard, async (c) => {
    const body = await readJsonBody(c, consoleTotpConfirmSchema);
    if (!body.ok) return body.response;
    const { secret, code, current_password, current_totp } = body.data;
    return answer(
      c,
      await enableMyTotp(context(c), {
        reauth: { password: current_password, totp: current_totp },
        secret,
        code,
      }),
    );
  });

  routes.post('/me/totp/remove', guard, async (c) => {
    const body = await readJsonBody(c, consoleTotpRemoveSchema);
    if (!body.ok) return body.response;
    const { current_password, current_totp } = body.data;
    return answer(
      c,
      await removeMyTotp(context(c), { reauth: { password: current_password, totp: current_totp } }),
    );
  });

  return routes;
}
