import type { ConsoleSummaryView } from '../../contract/console/console-payments.ts';
import type { Database } from '../db/database.ts';
import { dailyPaymentFigures } from './console-summary-repository.ts';

const DAY_MS = 86_400_000;
/** São Paulo's offset (no daylight saving since 2019): "today" is the shop's day, not UTC's. */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

type PeriodFigures = ConsoleSummaryView['today'];

function dayOf(date: Date): string {
  return new Date(date.getTime() + SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The Home page: gross, refunds and net (decision 342: the links list's and a link's figures add up the same
 * way), approved payments by method today and over 30 days, the approval rate, a daily series.
 */
export async function consoleSummary(db: Database, now: Date): Promise<ConsoleSummaryView> {
  const days = Array.from({ length: 30 }, (_, index) =>
    dayOf(new Date(now.getTime() - (29 - index) * DAY_MS)),
  );
  const first = days[0] ?? dayOf(now);
  // From the first day's São Paulo midnight.
  const since = new Date(Date.parse(`${first}T00:00:00.000Z`) - SAO_PAULO_OFFSET_MS);
  const rows = await dailyPaymentFigures(db, since);
  const today = dayOf(now);
  const period = (filter: (day: string) => boolean): PeriodFigures => {
    const figures: PeriodFigures = {
      count: 0,
      gross: 0,
      refunds: 0,
      net: 0,
      by_method: {},
      approval_rate: null,
    };
    let refused = 0;
    for (const row of rows.filter((entry) => filter(entry.day))) {
      figures.count += row.approvedCount;
      figures.gross += row.gross;
      figures.refunds += row.refunds;
      refused += row.refusedCount;
      const method = (figures.by_method[row.method] ??= { count: 0, gross: 0 });
      method.count += row.approvedCount;
      method.gross += row.gross;
    }
    figures.net = figures.gross - figures.refunds;
    const decided = figures.count + refused;
    figures.approval_rate = decided === 0 ? null : figures.count / decided;
    return figures;
  };
  return {
    today: period((day) => day === today),
    last_30_days: period(() => true),
    daily: days.map((day) => {
      const ofDay = rows.filter((row) => row.day === day);
      return {
        day,
        gross: ofDay.reduce((sum, row) => sum + row.gross, 0),
        count: ofDay.reduce((sum, row) => sum + row.approvedCount, 0),
      };
    }),
  };
}
