import {
  RECEIVABLE_WINDOWS,
  type ConsoleAnticipation,
  type ConsoleReceivableCalendar,
  type ReceivableSums,
} from '../../contract/console/console-receivables.ts';
import { isFeeBrand, type FeeBrand } from '../../contract/fee-brands.ts';
import type { FeeSimulationResponse } from '../../contract/gateway/fee-simulation.ts';
import type { AppDeps } from '../app-deps.ts';
import { csvLocalDateTime, csvTextCell } from '../console/csv-cells.ts';
import type { Database } from '../db/database.ts';
import { GatewayError } from '../gateway/gateway-error.ts';
import { feeSimulationCacheOf } from '../payments/fee-simulation-cache.ts';
import { meter } from '../rate-limit/metering.ts';
import { addDays, saoPauloDay } from './receivable-dates.ts';
import {
  expectedCardReceivables,
  listReceivables,
  receivableDayGroups,
  receivableSumsByStatus,
  type SumsRow,
} from './receivable-repository.ts';

const EMPTY: ReceivableSums = { count: 0, gross: 0, fee: 0, net: 0, fee_unknown: 0, amount: 0 };

function sumsOf(row: SumsRow | undefined): ReceivableSums {
  if (!row) return EMPTY;
  return {
    count: row.count,
    gross: row.gross,
    fee: row.fee,
    net: row.net,
    fee_unknown: row.feeUnknown,
    amount: row.amount,
  };
}

/** The console's calendar of a range (days in São Paulo), and the next 7, 30 and 90 days' totals from today. */
export async function receivableCalendar(
  db: Database,
  now: Date,
  range: { from: string; to: string },
): Promise<ConsoleReceivableCalendar> {
  const today = saoPauloDay(now);
  const groups = await receivableDayGroups(db, range);
  const windows = await Promise.all(
    RECEIVABLE_WINDOWS.map(async (days) => {
      // The next N days: today and the N after it (a card sale's D+30 installment is in "the next 30 days").
      const window = { from: today, to: addDays(today, days) };
      const rows = await receivableSumsByStatus(db, window);
      return {
        days,
        ...window,
        expected: sumsOf(rows.find((row) => row.status === 'expected')),
        paid: sumsOf(rows.find((row) => row.status === 'paid')),
      };
    }),
  );
  return {
    today,
    ...range,
    groups: groups.map((group) => ({
      day: group.day,
      payment_method: group.paymentMethod,
      card_brand: group.cardBrand,
      status: group.status,
      ...sumsOf(group),
    })),
    windows,
  };
}

const CSV_HEADER = [
  'expected_on',
  'status',
  'payment_method',
  'card_brand',
  'installment',
  'installments',
  'gross_amount',
  'fee_amount',
  'net_amount',
  'gateway_status',
  'paid_at',
  'payment_id',
  'receivable_id',
] as const;

/** The header row: `paid_at` names the time zone its cells are written in, as the payments export does. */
function csvHeader(timeZone: string): string[] {
  return CSV_HEADER.map((name) => (name === 'paid_at' ? csvTextCell(`paid_at (${timeZone})`) : name));
}

function money(cents: number | null, decimal: 'dot' | 'comma'): string {
  if (cents === null) return '';
  const text = (cents / 100).toFixed(2);
  return decimal === 'comma' ? text.replace('.', ',') : text;
}

/**
 * The receivables of a range as CSV, by day. `expected_on` is a São Paulo calendar day (the day the gateway
 * settles, RECEIVABLES_TIME_ZONE); `paid_at` is an instant written as the shop's wall clock (SHOP_TIME_ZONE,
 * named in its header) the way the payments export writes its dates, so the two files of one shop agree. As
 * that export: `;`, `150,90` and `27/11/2026 14:05:00` for a pt-BR spreadsheet; unknown fees are empty cells.
 */
export async function* receivableCsvLines(
  db: Database,
  range: { from: string; to: string },
  options: { decimal: 'dot' | 'comma'; timeZone: string },
): AsyncGenerator<string, void> {
  const { decimal } = options;
  const separator = decimal === 'comma' ? ';' : ',';
  yield `\uFEFF${csvHeader(options.timeZone).join(separator)}\r\n`;
  let after: { expectedOn: string; id: string } | undefined;
  for (;;) {
    const rows = await listReceivables(db, { ...range, ...(after ? { after } : {}), limit: 1_000 });
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += `${[
        row.expectedOn,
        row.status,
        row.paymentMethod,
        csvTextCell(row.cardBrand),
        String(row.installment),
        String(row.installments),
        money(row.grossAmount, decimal),
        money(row.feeAmount, decimal),
        money(row.netAmount, decimal),
        csvTextCell(row.gatewayStatus),
        row.paidAt ? csvLocalDateTime(row.paidAt, options) : '',
        row.attemptId,
        row.id,
      ].join(separator)}\r\n`;
    }
    yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < 1_000) return;
    after = { expectedOn: last.expectedOn, id: last.id };
  }
}

/** Distinct sales one anticipation asks the gateway to simulate at most (each may be a gateway call). */
export const MAX_SIMULATIONS = 12;
/** Receivables one anticipation covers at most. */
const MAX_RECEIVABLES = 2_000;

export type AnticipationOutcome =
  | { kind: 'ok'; anticipation: ConsoleAnticipation }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'gateway_unavailable' };

const cents = (reais: number) => Math.round(reais * 100);

/**
 * What anticipating a range's expected card receivables would cost, as the gateway's fee simulation says
 * (docs/decisions/323-anticipation-is-the-gateways-simulation.md): each sale (brand, installments, amount) is
 * simulated once (cached; metered once per request), and for each receivable of the range the simulation's entry
 * of the same installment gives its `antecipatedAmount`, `netAmount` and `antecipationRate` — shown as the gateway
 * wrote them, never recomputed. A simulation, never an offer.
 */
export async function simulateAnticipation(
  deps: Pick<AppDeps, 'db' | 'gateway' | 'now' | 'log' | 'policy'>,
  input: { userId: string; address: string; from: string; to: string },
): Promise<AnticipationOutcome> {
  const verdict = await meter(
    deps.db,
    deps.policy,
    { kind: 'console-anticipation', userId: input.userId },
    input.address,
    deps.now(),
  );
  if (!verdict.allowed) return { kind: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
  const rows = await expectedCardReceivables(deps.db, input, MAX_RECEIVABLES);
  type Sale = { brand: FeeBrand; installments: number; amount: number; rows: typeof rows };
  const sales = new Map<string, Sale>();
  let notSimulated = 0;
  for (const row of rows) {
    const brand = row.receivable.cardBrand;
    const amount = row.capturedAmount - row.refundedAmount;
    const key = `${brand}|${row.receivable.installments}|${amount}`;
    const sale = sales.get(key);
    if (sale) sale.rows.push(row);
    else if (isFeeBrand(brand) && amount > 0 && sales.size < MAX_SIMULATIONS)
      sales.set(key, { brand, installments: row.receivable.installments, amount, rows: [row] });
    else notSimulated += 1;
  }
  const simulated: { sale: Sale; simulation: FeeSimulationResponse }[] = [];
  try {
    for (const sale of sales.values()) {
      const reply = await feeSimulationCacheOf(deps.gateway).simulate({
        brand: sale.brand,
        installments: sale.installments,
        amount: sale.amount,
        fee_responsible: 'merchant',
      });
      simulated.push({ sale, simulation: reply.data });
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn('anticipation simulation failed', error.toLogFields());
    return { kind: 'gateway_unavailable' };
  }
  const today = Date.parse(`${saoPauloDay(deps.now())}T00:00:00Z`);
  let anticipated = 0;
  let net = 0;
  let weightedDays = 0;
  let covered = 0;
  const groups = simulated.map(({ sale, simulation }) => {
    const entries = sale.rows.flatMap(({ receivable }) => {
      const entry = simulation.installments.find((item) => item.installment === receivable.installment);
      if (!entry) {
        notSimulated += 1;
        return [];
      }
      const entryNet = cents(entry.netAmount);
      anticipated += cents(entry.antecipatedAmount);
      net += entryNet;
      weightedDays +=
        entryNet * Math.max(0, (Date.parse(`${receivable.expectedOn}T00:00:00Z`) - today) / 86_400_000);
      covered += 1;
      return [
        {
          installment: receivable.installment,
          expected_on: receivable.expectedOn,
          prevision_payment_date: entry.previsionPaymentDate.slice(0, 10),
          net_amount: entryNet,
          anticipated_amount: cents(entry.antecipatedAmount),
          anticipation_rate: entry.antecipationRate,
        },
      ];
    });
    return { card_brand: sale.brand, installments: sale.installments, amount: sale.amount, entries };
  });
  const averageDays = net > 0 ? weightedDays / net : null;
  const monthly =
    averageDays !== null && averageDays > 0 && net > 0
      ? Math.round(((net - anticipated) / net) * (30 / averageDays) * 10_000) / 100
      : null;
  return {
    kind: 'ok',
    anticipation: {
      from: input.from,
      to: input.to,
      anticipated_amount: anticipated,
      net_amount: net,
      cost: net - anticipated,
      monthly_rate: monthly,
      average_days_ahead: averageDays === null ? null : Math.round(averageDays * 10) / 10,
      receivables: covered,
      not_simulated: notSimulated,
      groups: groups.filter((group) => group.entries.length > 0),
    },
  };
}
