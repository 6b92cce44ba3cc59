import creditCardType from 'credit-card-type';
import { feeBrandForCardType, knownFeeBrand, type FeeBrand } from '../../contract/fee-brands.ts';
import { savedCardNetwork } from '../../contract/saved-card-network.ts';
import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import type { AppDeps } from '../app-deps.ts';
import type { CheckoutSessionRow } from '../db/rows.ts';
import type { GatewayClient } from '../gateway/gateway-client.ts';
import { GatewayError } from '../gateway/gateway-error.ts';

/**
 * Answers kept for a while: a fee table changes rarely, and the check runs before the attempt (and its
 * rate limit) is recorded, so repeated payments must not each cost a gateway call. Per gateway client: a
 * process has one, but tests run apps on gateways with other fee tables in one process.
 */
const REMEMBER_MS = 10 * 60_000;
const MAX_REMEMBERED = 5_000;
const rememberedBy = new WeakMap<GatewayClient, Map<string, { cents: number; until: number }>>();

/** The simulation's gross (decimal reais) as the integer cents that are charged. */
export function grossCents(grossAmount: number): number {
  return Math.round(grossAmount * 100);
}

/** The amount a card payment charges, or why it cannot be priced. */
export type CardCharge =
  | { ok: true; cents: number }
  | { ok: false; reason: 'unpriced-brand' | 'unavailable' };

/**
 * The simulation brand of a saved card: the gateway's brand as it was stored ("Visa", "amex",
 * "American Express"), or undefined when the fee table does not list it.
 */
export function feeBrandOfSavedCard(brand: string | null): FeeBrand | undefined {
  return knownFeeBrand(savedCardNetwork(brand));
}

/**
 * What a card payment must charge. When the shop pays the fees, the order's amount. When the customer
 * does (`fees_paid_by: customer`), the gross the gateway's own simulation gives for this card's network and
 * installment count — the price the shopper saw on the Pay button, computed by the same rule in the browser
 * (contract/fee-brands.ts), so a different amount is refused rather than charged. Not ok: the simulation
 * failed, or a saved card's network is not in the fee table — nothing is charged at an unknown price.
 */
export async function cardChargeAmount(
  deps: Pick<AppDeps, 'gateway' | 'log'>,
  session: Pick<CheckoutSessionRow, 'id' | 'amount' | 'feesPaidBy'>,
  request: TransactionRequest,
  /** The saved card's brand as stored, when the request pays with one (`card_id`). */
  savedCardBrand?: string | null,
): Promise<CardCharge> {
  if (request.payment_method !== 'credit_card' || session.feesPaidBy !== 'customer') {
    return { ok: true, cents: session.amount };
  }
  // A saved card is priced by the network it was saved with (an Amex card pays Amex's price); one the
  // fee table does not list cannot be priced, and is refused rather than charged another network's price.
  let brand: FeeBrand;
  if ('card' in request) {
    const matches = creditCardType(request.card.card_number);
    brand = feeBrandForCardType(matches.length === 1 ? matches[0]?.type : undefined);
  } else {
    const saved = feeBrandOfSavedCard(savedCardBrand ?? null);
    if (saved === undefined) return { ok: false, reason: 'unpriced-brand' };
    brand = saved;
  }
  const key = `${brand}:${request.installments}:${session.amount}`;
  const now = Date.now();
  let remembered = rememberedBy.get(deps.gateway);
  if (remembered === undefined) {
    remembered = new Map();
    rememberedBy.set(deps.gateway, remembered);
  }
  const known = remembered.get(key);
  if (known && known.until > now) return { ok: true, cents: known.cents };
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
    return { ok: true, cents };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn('fee simulation for a customer-paid payment failed', {
      sessionId: session.id,
      ...error.toLogFields(),
    });
    return { ok: false, reason: 'unavailable' };
  }
}
