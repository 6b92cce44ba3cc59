import { beforeEach, describe, expect, it } from 'vitest';
import { cardRequestSample } from '../contract/testing/samples.ts';
import { simulateFees } from './fee-model.ts';
import { createTransaction, refundTransaction, transactionInstallments, type MockAnswer } from './gateway.ts';
import { loadSettings, mockGatewayNow, moveGatewayTime, resetMockStorage } from './store.ts';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const DAY = 86_400_000;
const ctx = { now: NOW, origin: 'https://checkout.test' };

function body(answer: MockAnswer): unknown {
  if (answer.kind !== 'json') throw new Error(`expected JSON, got ${answer.kind}`);
  return answer.body;
}

function paidCard(installments: number, amount: number): string {
  const created = body(
    createTransaction({ ...cardRequestSample, amount, installments, capture: true }, ctx),
  ) as { id: number; status: string };
  expect(created.status).toBe('paid');
  return String(created.id);
}

beforeEach(() => resetMockStorage());

describe('mock gateway: installments on its fee model and its calendar', () => {
  it('gives each installment its fee simulation date, gross, fee and net; paid once its day comes', () => {
    const id = paidCard(3, 30_000);
    const simulated = simulateFees(
      { brand: 'visa', installments: 3, amount: 30_000, fee_responsible: 'merchant' },
      new Date(NOW),
    );
    const read = (now: number) =>
      body(transactionInstallments(id, { now })) as {
        installment: number;
        amount: number;
        fee: number;
        net_amount: number;
        due_date: string;
        status: string;
      }[];
    const today = read(NOW);
    expect(today.map((entry) => entry.due_date)).toEqual(
      simulated.installments.map((entry) => entry.previsionPaymentDate.slice(0, 10)),
    );
    expect(today.map((entry) => entry.amount)).toEqual([10_000, 10_000, 10_000]);
    expect(today.every((entry) => entry.fee + entry.net_amount === entry.amount)).toBe(true);
    expect(today.map((entry) => entry.status)).toEqual(['waiting_funds', 'waiting_funds', 'waiting_funds']);
    expect(read(NOW + 31 * DAY).map((entry) => entry.status)).toEqual([
      'paid',
      'waiting_funds',
      'waiting_funds',
    ]);
    expect(read(NOW + 91 * DAY).map((entry) => entry.status)).toEqual(['paid', 'paid', 'paid']);
  });

  it('takes a refund off the installments not paid yet, the last first', () => {
    const id = paidCard(3, 30_000);
    body(refundTransaction(id, { amount: 12_000 }, { now: NOW + 31 * DAY }));
    const entries = body(transactionInstallments(id, { now: NOW + 31 * DAY })) as {
      amount: number;
      status: string;
    }[];
    expect(entries.map((entry) => [entry.amount, entry.status])).toEqual([
      [10_000, 'paid'],
      [8_000, 'waiting_funds'],
      [0, 'refunded'],
    ]);
  });

  it('moves its calendar forward by whole days, and back to today', () => {
    const before = mockGatewayNow();
    expect(moveGatewayTime(30)).toBe(30);
    expect(moveGatewayTime(15)).toBe(45);
    expect(mockGatewayNow() - before).toBeGreaterThanOrEqual(45 * DAY);
    expect(moveGatewayTime(1_000)).toBe(400);
    expect(moveGatewayTime(0)).toBe(0);
    expect(loadSettings().gatewayDaysAhead).toBe(0);
  });
});
