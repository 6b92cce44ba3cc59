import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../contract/checkout-session.ts';

export interface ApiFieldError {
  message: string;
  parameter_name: string | null;
  type: string;
}

/** Every error of our API has the gateway's 400 shape (contract: `apiErrorBodySchema`). */
export function apiErrors(c: Context, status: ContentfulStatusCode, errors: ApiFieldError[]): Response {
  const body: ApiErrorBody = { errors };
  return c.json(body, status);
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  type: string,
  parameterName: string | null = null,
): Response {
  return apiErrors(c, status, [{ message, parameter_name: parameterName, type }]);
}

/** zod issues → one entry per issue, named by its dotted path. */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ApiFieldError[] {
  return issues.map((issue) => ({
    message: issue.message,
    parameter_name: issue.path.map(String).join('.') || null,
    type: 'invalid_parameter',
  }));
}
