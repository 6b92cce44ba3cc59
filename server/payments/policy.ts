import { DEFAULT_POLICY, type AppDeps, type AppPolicy } from '../app-deps.ts';

export type ResolvedPolicy = AppPolicy;

export function resolvePolicy(deps: Pick<AppDeps, 'policy'>): ResolvedPolicy {
  return { ...DEFAULT_POLICY, ...deps.policy };
}
