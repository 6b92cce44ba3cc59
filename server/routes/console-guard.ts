import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  CONSOLE_API_BASE,
  CSRF_HEADER,
  roleMay,
  type ConsolePermission,
} from '../../contract/console/console-auth.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  consoleSessionPolicy,
  resumeConsoleSession,
  type ConsoleSession,
} from '../console/console-sessions.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerBindings } from '../http/bindings.ts';

/** The console routes' context: the logged-in session, set by `consoleSessionGuard`. */
export interface ConsoleEnv {
  Bindings: ServerBindings;
  Variables: { consoleSession: ConsoleSession; consoleToken: string };
}

export const CONSOLE_COOKIE = 'console_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session cookie: httpOnly (no script reads it), SameSite=Strict (no other site's page sends it),
 * Secure when the public origin is https, and scoped to the console's API path, so it never travels with
 * the shoppers' pages. No Max-Age: the server decides expiry (idle and absolute), the browser forgets it
 * when closed.
 */
export function setSessionCookie(c: Context, deps: Pick<AppDeps, 'publicUrl'>, token: string): void {
  setCookie(c, CONSOLE_COOKIE, token, {
    httpOnly: true,
    secure: deps.publicUrl.startsWith('https:'),
    sameSite: 'Strict',
    path: CONSOLE_API_BASE,
  });
}

export function clearSessionCookie(c: Context, deps: Pick<AppDeps, 'publicUrl'>): void {
  deleteCookie(c, CONSOLE_COOKIE, { path: CONSOLE_API_BASE, secure: deps.publicUrl.startsWith('https:') });
}

export function sessionToken(c: Context): string | undefined {
  return getCookie(c, CONSOLE_COOKIE);
}

/**
 * A change must come from our own pages: the browser's `Origin` is the public origin (PUBLIC_URL) or the
 * host the request was sent to. Browsers send `Origin` on every POST, so a request without one is refused.
 */
export function sameOrigin(c: Context, deps: Pick<AppDeps, 'publicUrl'>): boolean {
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') return false;
  if (origin === new URL(deps.publicUrl).origin) return true;
  try {
    return new URL(origin).host === c.req.header('host');
  } catch {
    return false;
  }
}

/** Login needs no session but the same origin check (login CSRF). */
export function originGuard(deps: Pick<AppDeps, 'publicUrl'>): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !sameOrigin(c, deps)) {
      return apiError(c, 403, 'This request did not come from the console.', 'csrf_refused');
    }
    await next();
  };
}

/**
 * Every console route but login: a live session (else 401), and for any change the CSRF defences —
 * the Origin check and the session's token echoed in `X-CSRF-Token` (else 403).
 */
export function consoleSessionGuard(deps: AppDeps): MiddlewareHandler<ConsoleEnv> {
  const policy = consoleSessionPolicy(deps.policy);
  return async (c, next) => {
    const token = sessionToken(c);
    const session = token ? await resumeConsoleSession(deps.db, token, deps.now(), policy) : undefined;
    if (!token || !session) {
      if (token) clearSessionCookie(c, deps);
      return apiError(c, 401, 'Log in to the console.', 'unauthenticated');
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      if (!sameOrigin(c, deps)) {
        return apiError(c, 403, 'This request did not come from the console.', 'csrf_refused');
      }
      if (c.req.header(CSRF_HEADER) !== session.csrfToken) {
        return apiError(
          c,
          403,
          `The ${CSRF_HEADER} header is missing or stale.`,
          'csrf_refused',
          CSRF_HEADER,
        );
      }
    }
    c.set('consoleSession', session);
    c.set('consoleToken', token);
    await next();
  };
}

/** The role check of one endpoint (contract/console/console-auth.ts: CONSOLE_PERMISSIONS), after the guard. */
export function requirePermission(permission: ConsolePermission): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    if (!roleMay(c.get('consoleSession').user.role, permission)) {
      return apiError(c, 403, 'Your role does not allow this.', 'forbidden');
    }
    await next();
  };
}
