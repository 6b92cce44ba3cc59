import creditCardType from 'credit-card-type';
import { feeBrandForCardType } from '../../contract/fee-brands.ts';
import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import type { AppDeps } from '../app-deps.ts';
import type { CheckoutSessionRow } from '../db/schema.ts';
import { GatewayError } from '../gateway/gateway-error.ts';

/**
 * Answers kept for a while: a fee table changes rarely, and the check runs before the attempt (and its
 * rate limit) is recorded, so repeated payments must not each cost a gateway call. Per process.
 */
const REMEMBER_MS = 10 * 60_000;
const MAX_REMEMBERED = 5_000;
const remembered = new Map<string, { cents: number; until: number }>();

/** The simulation's gross (decimal reais) as the integer cents that are charged. */
export function grossCents(grossAmount: number): number {
  return Math.round(grossAmount * 100);
}

/**
 * What a card payment must charge. When the shop pays the fees, the order's amount. When the customer
 * does (`fees_paid_by: customer`), the gross the gateway's own simulation gives for this card's network and
 * installment count — the price the shopper saw on the Pay button, computed by the same rule in the browser
 * (contract/fee-brands.ts), so a different amount is refused rather than charged. Undefined: the simulation
 * failed, and nothing can be charged at an unknown price.
 */
export async function cardChargeAmount(
  deps: Pick<AppDeps, 'gateway' | 'log'>,
  session: Pick<CheckoutSessionRow, 'id' | 'amount' | 'feesPaidBy'>,
  request: TransactionRequest,
): Promise<number | undefined> {
  if (request.payment_method !== 'credit_card' || session.feesPaidBy !== 'customer') return session.amount;
  // A saved card (`card_id`) names no number here: priced as a card whose number names no network, as the
  // browser prices it (no number typed).
  const matches = 'card' in request ? creditCardType(request.card.card_number) : [];
  const brand = feeBrandForCardType(matches.length === 1 ? matches[0]?.type : undefined);
  const key = `${brand}:${request.installments}:${session.amount}`;
  const now = Date.now();
  const known = remembered.get(key);
  if (known && known.until > now) return known.cents;
  try {
    const reply = await deps.gateway.simulateFees({
      brand,
      installments: request.installments,
      amount: session.amount,
      fee_responsible: 'customer',
    });
    const cents = grossCents(reply.data.grossAmount);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, { cents, until: now + REMEMBER_MS });
    return cents;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn('fee simulation for a customer-paid payment failed', {
      sessionId: session.id,
      ...error.toLogFields(),
    });
    return undefined;
  }
}
