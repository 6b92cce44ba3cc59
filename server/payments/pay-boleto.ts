import type { BoletoPayer } from '../../contract/boleto/boleto-model.ts';
import { BOLETO_DUE_DAYS } from '../../contract/boleto/boleto-options.ts';
import { addBusinessDays, saoPauloDate } from '../../contract/boleto/business-days.ts';
import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { AppDeps } from '../app-deps.ts';
import { boletoEnabled } from '../env.ts';
import { toGatewayBoleto } from '../gateway/boleto-adapter.ts';
import { meteringRules } from '../rate-limit/metering.ts';
import { findSessionForPayment } from '../sessions/session-repository.ts';
import { sessionItemsForGateway } from './check-transaction-request.ts';
import type { ResolvedPolicy } from './policy.ts';
import { countOnly, startPayment, type PaymentOutcome } from './start-payment.ts';

export interface BoletoPayment {
  sessionId: string;
  clientAddress: string;
  /** The parsed payer, or undefined when the body could not be read: the route answers its own 400. */
  payer: BoletoPayer | undefined;
}

/**
 * The boleto's due date: the session's business days (default 3) after today in São Paulo, where banks
 * clear it — whatever the server's zone (contract/boleto/business-days.ts).
 */
export function boletoDueDate(now: Date, dueInBusinessDays: number | undefined): string {
  return addBusinessDays(saoPauloDate(now), dueInBusinessDays ?? BOLETO_DUE_DAYS.default);
}

/**
 * A shopper asks for the session's boleto (`POST /api/pay/{id}/boleto`): only the payer comes from the
 * browser; amount, items, due date and instructions are the session's. The adapter maps the normalised
 * request to the gateway's form, and it then goes the way of every payment (start-payment.ts): metered,
 * recorded as `sending`, sent once, its answer recorded with its events (`boleto.created`).
 */
export async function payBoleto(
  deps: AppDeps,
  policy: ResolvedPolicy,
  input: BoletoPayment,
): Promise<PaymentOutcome | { kind: 'bad-request' }> {
  const session = sessionIdSchema.safeParse(input.sessionId).success
    ? await findSessionForPayment(deps.db, input.sessionId)
    : undefined;
  if (!session) return { kind: 'not-found' };
  const rateRules = meteringRules(policy, { kind: 'payment', sessionId: session.id }, input.clientAddress);
  const now = deps.now();
  if (!input.payer) return (await countOnly(deps, rateRules, now)) ?? { kind: 'bad-request' };
  // Turned off after the session was made (BOLETO_ENABLED): nothing is sent to the gateway.
  if (!boletoEnabled(deps.env)) {
    return (
      (await countOnly(deps, rateRules, now)) ?? {
        kind: 'invalid',
        errors: [
          {
            message: 'This checkout does not accept boleto.',
            parameter_name: 'payment_method',
            type: 'session_mismatch',
          },
        ],
      }
    );
  }
  const request = toGatewayBoleto(
    {
      amount: session.amount,
      due_date: boletoDueDate(now, session.boleto?.due_in_business_days),
      instructions: session.boleto?.instructions ?? [],
      payer: input.payer,
      reference: session.reference,
    },
    sessionItemsForGateway(session.items),
  );
  return startPayment(deps, policy, { session, request, clientAddress: input.clientAddress, rateRules });
}
