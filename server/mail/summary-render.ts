import type { StoredMail } from '../db/rows.ts';
import type { MailShop } from './mail-layout.ts';
import { money } from './receipt-words.ts';
import { METHOD_NAMES, shopNoticeMail } from './shop-notice-mail.ts';

/** One method's part of the day: payments paid and their total. */
export interface MethodTotals {
  method: string;
  count: number;
  gross: number;
}

/** What the daily summary says (in English, the console's language), for one day in SHOP_TIME_ZONE. */
export interface SummaryFacts {
  shop: MailShop;
  /** `YYYY-MM-DD`, the shop's date. */
  day: string;
  timeZone: string;
  byMethod: readonly MethodTotals[];
  refunds: { count: number; amount: number };
  /** Notices to this user that the hourly limit held back that day (the summary stands for them). */
  held: number;
  consoleUrl: string;
  unsubscribeUrl: string;
}

function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

export function renderDailySummary(facts: SummaryFacts): StoredMail {
  const count = facts.byMethod.reduce((sum, method) => sum + method.count, 0);
  const gross = facts.byMethod.reduce((sum, method) => sum + method.gross, 0);
  const date = longDay(facts.day);
  const heading = 'Daily summary';
  const intro = `${date} (${facts.timeZone}): ${count} ${count === 1 ? 'payment' : 'payments'}, ${money(gross, 'en')}.`;
  const list = [
    { label: 'Payments', value: String(count) },
    { label: 'Gross', value: money(gross, 'en') },
    ...facts.byMethod
      .filter((method) => method.count > 0)
      .map((method) => ({
        label: METHOD_NAMES[method.method] ?? method.method,
        value: `${method.count} · ${money(method.gross, 'en')}`,
      })),
    { label: 'Refunds', value: `${facts.refunds.count} · ${money(facts.refunds.amount, 'en')}` },
    { label: 'Net', value: money(gross - facts.refunds.amount, 'en') },
    ...(facts.held > 0 ? [{ label: 'Notices held', value: String(facts.held) }] : []),
  ];
  return shopNoticeMail({
    shop: facts.shop,
    subject: `Daily summary ${facts.day}: ${count} · ${money(gross, 'en')}`,
    heading,
    intro,
    facts: list,
    ...(facts.held > 0
      ? {
          note: `Past the hourly limit, ${facts.held} of your notices were not sent that day: this summary counts them.`,
        }
      : {}),
    consoleUrl: facts.consoleUrl,
    consoleLabel: 'Open the console',
    unsubscribeUrl: facts.unsubscribeUrl,
  });
}
