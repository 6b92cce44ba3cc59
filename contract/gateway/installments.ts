import * as z from 'zod/mini';

/**
 * `GET /v1/transactions/{id}/installments`: the gateway's spec names the path but shows no answer
 * (docs/decisions/253-installment-schedule-shape.md). Read leniently — a list, or an object holding one under
 * `installments`, `data` or `items`; each entry's number, amount, due date and status under the names gateways
 * commonly use — and normalised to one shape. Entries we cannot read are dropped; nothing readable is "absent".
 */

const cents = z.int().check(z.gte(0));
const text = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
);

const entrySchema = z.looseObject({
  installment: z.optional(z.unknown()),
  number: z.optional(z.unknown()),
  amount: z.optional(z.unknown()),
  value: z.optional(z.unknown()),
  net_amount: z.optional(z.unknown()),
  fee: z.optional(z.unknown()),
  due_date: z.optional(z.unknown()),
  expected_on: z.optional(z.unknown()),
  payment_date: z.optional(z.unknown()),
  date: z.optional(z.unknown()),
  status: z.optional(z.unknown()),
});

export interface Installment {
  number: number;
  /** Cents. */
  amount: number;
  /** Cents after the gateway's fee, when it says. */
  net_amount: number | null;
  /** Cents the gateway keeps (its MDR), when it says. */
  fee: number | null;
  /** As the gateway wrote it (an ISO date or `YYYY-MM-DD`), when it says. */
  due_date: string | null;
  status: string | null;
}

function first(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined && value !== null);
}

function readEntry(raw: unknown, index: number): Installment | undefined {
  const entry = entrySchema.safeParse(raw);
  if (!entry.success) return undefined;
  const e = entry.data;
  const number = z
    .int()
    .check(z.gte(1), z.lte(99))
    .safeParse(first(e.installment, e.number, index + 1));
  const amount = cents.safeParse(first(e.amount, e.value));
  if (!number.success || !amount.success) return undefined;
  const net = cents.safeParse(e.net_amount);
  const fee = cents.safeParse(e.fee);
  const due = text.safeParse(first(e.due_date, e.expected_on, e.payment_date, e.date));
  const status = text.safeParse(e.status);
  return {
    number: number.data,
    amount: amount.data,
    net_amount: net.success ? net.data : null,
    fee: fee.success ? fee.data : null,
    due_date: due.success ? due.data.slice(0, 40) : null,
    status: status.success ? status.data.slice(0, 40) : null,
  };
}

/** The schedule, in installment order, or null when the answer holds none we can read. */
export function readInstallmentSchedule(body: unknown): Installment[] | null {
  const holder = z
    .looseObject({
      installments: z.optional(z.unknown()),
      data: z.optional(z.unknown()),
      items: z.optional(z.unknown()),
    })
    .safeParse(body);
  const list = Array.isArray(body)
    ? body
    : holder.success
      ? first(holder.data.installments, holder.data.data, holder.data.items)
      : undefined;
  if (!Array.isArray(list)) return null;
  const entries = list.slice(0, 99).flatMap((raw, index) => readEntry(raw, index) ?? []);
  return entries.length === 0 ? null : entries.sort((a, b) => a.number - b.number);
}
