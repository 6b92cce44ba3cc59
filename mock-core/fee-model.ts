import type { FeeSimulationRequest, FeeSimulationResponse } from '../contract/gateway/fee-simulation.ts';

/** MDR of a single-payment sale, by brand (percent). Plausible figures, not any acquirer's. */
const BASE_MDR: Record<string, number> = {
  visa: 2.19,
  mastercard: 2.33,
  elo: 2.89,
  amex: 3.29,
  hipercard: 2.99,
  hiper: 2.99,
  diners: 3.19,
};
const DEFAULT_MDR = 3.09;
/** Each installment beyond the first adds this to the MDR (percent). */
const MDR_PER_EXTRA_INSTALLMENT = 0.32;
/** Anticipation costs this much per month of advance (percent). */
export const MONTHLY_ANTICIPATION_RATE = 1.99;

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'Amex',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  diners: 'Diners',
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const toReais = (cents: number) => round2(cents / 100);

/**
 * Splits `total` cents into `count` parts that add up exactly and differ by at most one cent: the first
 * parts take the leftover cents, so no installment is a surprise.
 */
export function splitCents(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const leftover = total - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < leftover ? 1 : 0));
}

/** The acquirer's calendar is Brazil's: a sale at 22:00 in São Paulo is still that day's sale. */
export const ACQUIRER_TIME_ZONE = 'America/Sao_Paulo';

/** The sale's calendar day in the acquirer's zone, as a UTC midnight to count days on without DST. */
function saleDay(saleDate: Date): Date {
  const [year = 1970, month = 1, day = 1] = new Intl.DateTimeFormat('en-CA', {
    timeZone: ACQUIRER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(saleDate)
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** `YYYY-MM-DDT00:00:00`, 30 days per installment after the sale day (the cycle acquirers use). */
export function forecastDate(saleDate: Date, installment: number): string {
  const date = saleDay(saleDate);
  date.setUTCDate(date.getUTCDate() + 30 * installment);
  return `${date.toISOString().slice(0, 10)}T00:00:00`;
}

export function mdrFor(brand: string, installments: number): number {
  return round2((BASE_MDR[brand] ?? DEFAULT_MDR) + MDR_PER_EXTRA_INSTALLMENT * (installments - 1));
}

/**
 * A deterministic fee model whose figures add up to the cent: the installments' gross and net sum to the
 * totals, and every figure derives from integer cents before it is written as decimal reais (spec 2.11).
 */
export function simulateFees(request: FeeSimulationRequest, saleDate: Date): FeeSimulationResponse {
  const mdr = mdrFor(request.brand, request.installments);
  const customerPays = request.fee_responsible === 'customer';
  // When the customer pays, the merchant nets the asked amount and the gross grows to cover the MDR.
  const grossCents = customerPays ? Math.round(request.amount / (1 - mdr / 100)) : request.amount;
  const netCents = customerPays ? request.amount : grossCents - Math.round((grossCents * mdr) / 100);

  const grossParts = splitCents(grossCents, request.installments);
  const netParts = splitCents(netCents, request.installments);
  const installments = grossParts.map((gross, index) => {
    const number = index + 1;
    const net = netParts[index] ?? 0;
    const rate = round2(MONTHLY_ANTICIPATION_RATE * number);
    const anticipated = net - Math.round((net * rate) / 100);
    return {
      previsionPaymentDate: forecastDate(saleDate, number),
      grossAmount: toReais(gross),
      netAmount: toReais(net),
      installment: number,
      antecipationRate: rate,
      antecipatedCents: anticipated,
    };
  });
  const anticipatedCents = installments.reduce((sum, entry) => sum + entry.antecipatedCents, 0);

  return {
    brand: BRAND_NAMES[request.brand] ?? request.brand.charAt(0).toUpperCase() + request.brand.slice(1),
    product: request.installments === 1 ? 'Crédito à vista' : `Crédito ${request.installments}x`,
    plataformType: 'E-COMMERCE',
    grossAmount: toReais(grossCents),
    netAmount: toReais(netCents),
    mdr,
    antecipationRate: netCents === 0 ? 0 : round2(((netCents - anticipatedCents) / netCents) * 100),
    antecipatedAmount: toReais(anticipatedCents),
    installments: installments.map(({ antecipatedCents: cents, ...entry }) => ({
      ...entry,
      antecipatedAmount: toReais(cents),
    })),
    saleTypeCode: 'credit',
    fees: customerPays ? 'cliente' : 'lojista',
  };
}
