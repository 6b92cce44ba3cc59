import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { Installment } from '../../contract/gateway/installments.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { clientAddress, type TrustProxy } from '../http/client-address.ts';
import { readPaymentInstallments } from '../payments/installment-schedule.ts';
import type { ResolvedPolicy } from '../payments/policy.ts';
import { meter, type MeteredUse } from '../rate-limit/metering.ts';

const paymentIdSchema = z.string().check(z.regex(/^pa_[A-Za-z0-9_-]{1,43}$/));

export type MeteredInstallmentsRead =
  | { kind: 'answered'; response: Response }
  | { kind: 'ok'; paymentId: string; installments: Installment[] | null };

/**
 * The part the merchant API's and the console's installment routes share: the path's payment id checked,
 * the gateway read metered (per key or per console user, and per address), the schedule read, and its 404,
 * 429 and 502 answered. Each route shapes the schedule its own way.
 */
export async function meteredInstallmentsRead<E extends Pick<ServerEnvBindings, 'Bindings'>>(
  c: Context<E>,
  deps: AppDeps,
  limits: { policy: ResolvedPolicy; trust: TrustProxy },
  use: MeteredUse,
): Promise<MeteredInstallmentsRead> {
  const notFound = () => apiError(c, 404, 'No payment has this id.', 'not_found', 'id');
  const id = paymentIdSchema.safeParse(c.req.param('id'));
  if (!id.success) return { kind: 'answered', response: notFound() };
  const verdict = await meter(deps.db, limits.policy, use, clientAddress(c, limits.trust), deps.now());
  if (!verdict.allowed) {
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    return {
      kind: 'answered',
      response: apiError(c, 429, 'Too many gateway reads. Wait a moment and try again.', 'rate_limited'),
    };
  }
  const outcome = await readPaymentInstallments(deps, id.data);
  switch (outcome.kind) {
    case 'not_found':
      return { kind: 'answered', response: notFound() };
    case 'gateway_unavailable':
      c.header('Retry-After', '5');
      return {
        kind: 'answered',
        response: apiError(
          c,
          502,
          'The gateway did not answer. Try again in a moment.',
          'gateway_unavailable',
        ),
      };
    case 'ok':
      return outcome;
  }
}
