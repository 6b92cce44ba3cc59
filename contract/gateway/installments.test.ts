import { describe, expect, it } from 'vitest';
import { readInstallmentSchedule } from './installments.ts';

describe('the installment schedule, read leniently', () => {
  it('reads a list, or one under installments/data/items, with the common field names', () => {
    expect(
      readInstallmentSchedule([
        { installment: 2, amount: 5000, due_date: '2026-12-26', status: 'waiting_funds' },
        { installment: 1, amount: 5001, net_amount: 4800, due_date: '2026-11-26', status: 'paid' },
      ]),
    ).toEqual([
      { number: 1, amount: 5001, net_amount: 4800, fee: null, due_date: '2026-11-26', status: 'paid' },
      {
        number: 2,
        amount: 5000,
        net_amount: null,
        fee: null,
        due_date: '2026-12-26',
        status: 'waiting_funds',
      },
    ]);
    expect(readInstallmentSchedule({ data: [{ number: 1, value: 100, expected_on: '2026-11-26' }] })).toEqual(
      [{ number: 1, amount: 100, net_amount: null, fee: null, due_date: '2026-11-26', status: null }],
    );
    expect(
      readInstallmentSchedule({ installments: [{ amount: 10 }, { amount: 20 }] })?.map((i) => i.number),
    ).toEqual([1, 2]);
  });

  it('is absent when nothing can be read: no list, an empty one, amounts that are not cents', () => {
    expect(readInstallmentSchedule(null)).toBeNull();
    expect(readInstallmentSchedule({})).toBeNull();
    expect(readInstallmentSchedule([])).toBeNull();
    expect(readInstallmentSchedule('<html>')).toBeNull();
    expect(
      readInstallmentSchedule([{ amount: 10.5 }, { amount: '10' }, { installment: 0, amount: 1 }]),
    ).toBeNull();
  });
});
