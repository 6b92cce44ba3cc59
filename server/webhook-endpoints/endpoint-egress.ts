import type { AppDeps } from '../app-deps.ts';
import { egressPolicy, type EgressPolicy } from '../egress/egress-policy.ts';

/**
 * Where merchants' webhook endpoints may lead: public addresses, and the hosts the operator allows in
 * WEBHOOK_ALLOWED_PRIVATE_HOSTS (docs/decisions/280-webhook-egress-policy.md). The environment's
 * MERCHANT_WEBHOOK_URL is the operator's own and is not checked.
 */
export function webhookEgress(deps: Pick<AppDeps, 'env' | 'resolveHost'>): EgressPolicy {
  return egressPolicy(deps.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS, deps.resolveHost);
}
