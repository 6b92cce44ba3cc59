import * as z from 'zod/mini';
import {
  CONSOLE_API_BASE,
  CSRF_HEADER,
  consoleMeSchema,
  type ConsoleMe,
} from '../../../contract/console/console-auth.ts';

const errorBodySchema = z.object({
  errors: z.array(
    z.object({ message: z.string(), type: z.string(), parameter_name: z.nullable(z.string()) }),
  ),
});

/**
 * A refused or failed console call: the API's error type (`invalid_credentials`, `rate_limited`…) and status, and
 * a 429's Retry-After in seconds.
 */
export class ConsoleApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly retryAfterSeconds: number | undefined;
  /** The request's field the API named (`current_password`, `code`…), when it named one. */
  readonly parameter: string | null;
  constructor(
    status: number,
    type: string,
    message: string,
    parameter: string | null = null,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.parameter = parameter;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** The session's CSRF token, from /me or the login answer; sent with every change. */
let csrfToken: string | undefined;
export function rememberCsrf(me: ConsoleMe | null): void {
  csrfToken = me?.csrf_token;
}

/**
 * One console API call: JSON in and out (a File body is sent as itself: the shop's logo), the CSRF token on
 * changes, the API's error as ConsoleApiError.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: z.ZodMiniType<T>,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const file = body instanceof Blob;
  if (body !== undefined)
    headers['content-type'] = file ? body.type || 'application/octet-stream' : 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${CONSOLE_API_BASE}${path}`, {
      method,
      headers,
      // Same origin, so the same cookies as 'same-origin'; 'include' is what the page's
      // `<link rel="preload" crossorigin="use-credentials">` of /me asked (server/http/console-preloads.ts), and
      // only an identical request takes over a preloaded answer.
      credentials: 'include',
      body: body === undefined ? null : file ? body : JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ConsoleApiError(0, 'network', 'network');
  }
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    const first = parsed.success ? parsed.data.errors[0] : undefined;
    throw new ConsoleApiError(
      response.status,
      first?.type ?? 'error',
      first?.message ?? response.statusText,
      first?.parameter_name ?? null,
      retryAfterOf(response),
    );
  }
  return schema.parse(json);
}

export async function fetchMe(signal?: AbortSignal): Promise<ConsoleMe | null> {
  try {
    const me = await request('GET', '/me', consoleMeSchema, undefined, signal);
    rememberCsrf(me);
    return me;
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 401) {
      rememberCsrf(null);
      return null;
    }
    throw error;
  }
}

export async function logIn(body: { email: string; password: string; totp?: string }): Promise<ConsoleMe> {
  const me = await request('POST', '/login', consoleMeSchema, body);
  rememberCsrf(me);
  return me;
}

export async function logOut(): Promise<void> {
  await request('POST', '/logout', z.null());
  rememberCsrf(null);
}
