import { DEFAULT_POLICY, type AppPolicy } from '../app-deps.ts';

export type ResolvedPolicy = AppPolicy;

/**
 * The production defaults with a caller's overrides (tests shrink windows): called once where the deps are
 * made (bootstrap.ts, the tests' test-app.ts), so every route and job reads the same `deps.policy`.
 */
export function resolvePolicy(overrides: Partial<AppPolicy> | undefined): ResolvedPolicy {
  return { ...DEFAULT_POLICY, ...overrides };
}
