import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiFieldError } from '../../contract/checkout-session.ts';
import { describeIssues } from './zod-messages.ts';

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

/** zod issues → one entry per problem, named by its dotted path. */
export function issuesToErrors(issues: Parameters<typeof describeIssues>[0]): ApiFieldError[] {
  return describeIssues(issues).map((issue) => ({ ...issue, type: 'invalid_parameter' }));
}
