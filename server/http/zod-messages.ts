import * as z from 'zod/mini';

/**
 * zod/mini ships without messages ("Invalid input" everywhere) to keep browser bundles small; the server
 * can afford English ones, which its 400s show the merchant's developer. Process-wide, set once.
 */
z.config(z.locales.en());

type Issue = { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] };

export interface FieldIssue {
  message: string;
  parameter_name: string | null;
}

/** One entry per problem; an unknown key gets its own entry, named by its path. */
export function describeIssues(issues: readonly Issue[]): FieldIssue[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > 0) {
      return issue.keys.map((key) => ({
        message: 'Unknown field: it is not part of this request.',
        parameter_name: path ? `${path}.${key}` : key,
      }));
    }
    return [{ message: issue.message, parameter_name: path || null }];
  });
}
