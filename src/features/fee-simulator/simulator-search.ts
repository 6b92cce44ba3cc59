import type { FeeSimulationRequest } from '../../../contract/gateway/fee-simulation.ts';
import { isFeeBrand, type FeeBrand } from '../../../contract/fee-brands.ts';
import { FEES_PAID_BY, type FeesPaidBy, MAX_ORDER_CENTS } from '../../../contract/order-values.ts';

/** What a simulation needs; it lives in the URL so a reload or a pasted link shows the same one. */
export interface SimulatorParams {
  brand: FeeBrand;
  /** Integer cents: locale-free, so a link made in English opens right in Portuguese. */
  amount: number;
  installments: number;
  feeResponsible: FeesPaidBy;
}

/** The URL's parameter names; `fees` matches the checkout's own `fees=customer|merchant`. */
const KEYS = {
  brand: 'brand',
  amount: 'amount',
  installments: 'installments',
  feeResponsible: 'fees',
} as const;

function intParam(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

export interface SearchReading {
  /** Every value present and valid: simulate at once. */
  complete: SimulatorParams | null;
  /** The valid ones, to prefill the form. */
  partial: Partial<SimulatorParams>;
  /** The URL named a simulation parameter that was missing or wrong. */
  incomplete: boolean;
}

export function readSimulatorSearch(search: URLSearchParams): SearchReading {
  const brand = search.get(KEYS.brand)?.toLowerCase();
  const fee = search.get(KEYS.feeResponsible);
  const partial: Partial<SimulatorParams> = {};
  if (isFeeBrand(brand)) partial.brand = brand;
  const amount = intParam(search.get(KEYS.amount), 1, MAX_ORDER_CENTS);
  if (amount !== undefined) partial.amount = amount;
  const installments = intParam(search.get(KEYS.installments), 1, 12);
  if (installments !== undefined) partial.installments = installments;
  const payer = FEES_PAID_BY.find((value) => value === fee);
  if (payer) partial.feeResponsible = payer;

  const { brand: b, amount: a, installments: i, feeResponsible: f } = partial;
  const complete =
    b !== undefined && a !== undefined && i !== undefined && f !== undefined
      ? { brand: b, amount: a, installments: i, feeResponsible: f }
      : null;
  const named = Object.values(KEYS).some((key) => search.has(key));
  return { complete, partial, incomplete: named && complete === null };
}

/** The current query with the simulation's values replaced; the rest (e.g. `lang`) is kept. */
export function writeSimulatorSearch(current: URLSearchParams, params: SimulatorParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set(KEYS.brand, params.brand);
  next.set(KEYS.amount, String(params.amount));
  next.set(KEYS.installments, String(params.installments));
  next.set(KEYS.feeResponsible, params.feeResponsible);
  return next;
}

/** Spec 2.10, exactly these four fields. */
export function simulationRequest(
  params: SimulatorParams,
  installments = params.installments,
): FeeSimulationRequest {
  return {
    brand: params.brand,
    installments,
    amount: params.amount,
    fee_responsible: params.feeResponsible,
  };
}
