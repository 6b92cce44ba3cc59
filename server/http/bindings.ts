import type { HttpVariables } from './http-env.ts';

/**
 * What the routes read from the Node request, as a structural subset of @hono/node-server's
 * `HttpBindings`: the real server passes those, tests pass `{ incoming: { socket: { remoteAddress } } }`
 * to `app.request(…)` (or nothing at all).
 */
export interface ServerBindings {
  incoming?: {
    socket?: {
      remoteAddress?: string;
      destroy?: () => void;
    };
  };
}

export interface ServerEnvBindings {
  Bindings: ServerBindings;
  /** `logFields`: the request log's (http-env.ts), which a route adds a payment's ids to. */
  Variables: Pick<HttpVariables, 'logFields'> & {
    /**
     * Set by merchantAuth: the API key that authenticated the request (`key_…`), or null for the environment's
     * CHECKOUT_SECRET_KEY. Never the key itself.
     */
    apiKeyId: string | null;
    /** Set with apiKeyId: that key's name (for the audit log), or null for CHECKOUT_SECRET_KEY. */
    apiKeyName: string | null;
  };
}

/** `app.request()` without bindings (tests) leaves `c.env` undefined, whatever Hono's type says. */
export function nodeBindings(c: { env: ServerBindings }): ServerBindings | undefined {
  const env: unknown = c.env;
  return env === undefined ? undefined : c.env;
}
