import * as z from 'zod/mini';
import { RECEIVABLE_STATUS_VALUES } from '../receivables.ts';

/**
 * Sums of receivables, in cents; `fee_unknown` counts those whose fee and net the gateway did not give, and
 * `amount` is what lands: the net where it is known, the gross where it is not (`net` and `fee` leave those out).
 */
export const receivableSumsSchema = z.object({
  count: z.int(),
  gross: z.int(),
  fee: z.int(),
  net: z.int(),
  fee_unknown: z.int(),
  amount: z.int(),
});
export type ReceivableSums = z.infer<typeof receivableSumsSchema>;

/** One group of the calendar: a day, a method, a brand, a status. */
export const receivableDayGroupSchema = z.extend(receivableSumsSchema, {
  day: z.string(),
  payment_method: z.string(),
  card_brand: z.nullable(z.string()),
  status: z.enum(RECEIVABLE_STATUS_VALUES),
});
export type ReceivableDayGroup = z.infer<typeof receivableDayGroupSchema>;

export const RECEIVABLE_WINDOWS = [7, 30, 90] as const;

/** What lands from today (São Paulo) to N days after it, both included: expected, and already paid out. */
export const receivableWindowSchema = z.object({
  days: z.int(),
  from: z.string(),
  to: z.string(),
  expected: receivableSumsSchema,
  paid: receivableSumsSchema,
});

/** `GET /api/console/receivables/calendar?from=&to=`: the days of a range, grouped, and the next 7/30/90 days' totals. */
export const consoleReceivableCalendarSchema = z.object({
  today: z.string(),
  from: z.string(),
  to: z.string(),
  groups: z.array(receivableDayGroupSchema),
  windows: z.array(receivableWindowSchema),
});
export type ConsoleReceivableCalendar = z.infer<typeof consoleReceivableCalendarSchema>;

/** `POST /api/console/receivables/anticipation` `{ from, to }`. */
export const anticipationRequestSchema = z.object({
  from: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  to: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
});

/**
 * The gateway's fee simulation for the expected card receivables of a range (a simulation, never an offer): per
 * simulated sale (brand, installments, amount) the installments of the range with the gateway's own figures, and
 * their sums. Amounts in cents, converted from the gateway's reais; rates are the gateway's percentages.
 */
export const consoleAnticipationSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The gateway's figures, summed: what it would pay today, what it forecasts over the days, the difference. */
  anticipated_amount: z.int(),
  net_amount: z.int(),
  cost: z.int(),
  /** The cost over the forecast net per 30 days of the average advance (percent, two decimals); null: nothing simulated. */
  monthly_rate: z.nullable(z.number()),
  average_days_ahead: z.nullable(z.number()),
  receivables: z.int(),
  /** Expected card receivables of the range the gateway's simulation did not cover (a brand it does not price, over the cap). */
  not_simulated: z.int(),
  groups: z.array(
    z.object({
      card_brand: z.string(),
      installments: z.int(),
      amount: z.int(),
      entries: z.array(
        z.object({
          installment: z.int(),
          expected_on: z.string(),
          prevision_payment_date: z.string(),
          net_amount: z.int(),
          anticipated_amount: z.int(),
          anticipation_rate: z.number(),
        }),
      ),
    }),
  ),
});
export type ConsoleAnticipation = z.infer<typeof consoleAnticipationSchema>;
