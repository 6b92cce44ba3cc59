import type { Hono } from 'hono';
import type { ConsoleRole } from '../../contract/console/console-auth.ts';
import { addConsoleUser } from '../console/console-users.ts';
import { hasherAt } from '../console/password.ts';
import type { Database } from '../db/database.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { call, PUBLIC_URL, type CallOptions, type CallResult } from './test-app.ts';

export const CONSOLE_PASSWORD = 'correct horse battery staple';

/**
 * Users made here are hashed at N = 2^10, not the server's 2^15 (server/console/password.ts): the suite creates and
 * logs in about 700 of them, 112 ms of CPU each at full cost. Passwords set through the API keep the full cost.
 */
const testHasher = hasherAt({ N: 2 ** 10, r: 8, p: 1 });

export async function createConsoleUser(db: Database, email: string, role: ConsoleRole): Promise<string> {
  const created = await addConsoleUser(
    db,
    { email, role, password: CONSOLE_PASSWORD },
    { userId: null, email: 'cli' },
    new Date(),
    testHasher,
  );
  if (created.kind !== 'created') throw new Error(`user not created: ${created.kind}`);
  return created.user.id;
}

/** A logged-in browser: its cookie and CSRF token, sent the way the console's pages send them. */
export interface ConsoleBrowser {
  cookie: string;
  csrf: string;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
}

export function cookieOf(result: CallResult): string | undefined {
  const header = result.headers.get('set-cookie') ?? '';
  return /console_session=([^;]*)/.exec(header)?.[1];
}

export async function logInAs(
  app: Hono<ServerEnvBindings>,
  email: string,
  extra: { totp?: string; address?: string } = {},
): Promise<ConsoleBrowser> {
  const result = await call(app, 'POST', '/api/console/login', {
    headers: { origin: PUBLIC_URL },
    body: { email, password: CONSOLE_PASSWORD, ...(extra.totp ? { totp: extra.totp } : {}) },
    ...(extra.address ? { address: extra.address } : {}),
  });
  const cookie = cookieOf(result);
  if (result.status !== 200 || !cookie)
    throw new Error(`login failed: ${result.status} ${JSON.stringify(result.json)}`);
  const csrf = (result.json as { csrf_token: string }).csrf_token;
  return {
    cookie,
    csrf,
    call: (method, path, options = {}) =>
      call(app, method, path, {
        ...options,
        headers: {
          cookie: `console_session=${cookie}`,
          origin: PUBLIC_URL,
          'x-csrf-token': csrf,
          ...options.headers,
        },
      }),
  };
}
