import { describe, expect, it } from 'vitest';
import { feeSimulationResponseSchema } from '../contract/gateway/fee-simulation.ts';
import { mdrFor, simulateFees, splitCents } from './fee-model.ts';
const cents = (reais) => Math.round(reais * 100);
const sum = (values) => values.reduce((total, value) => total + value, 0);
const SALE = new Date('2025-10-30T15:00:00Z');
describe('splitCents', () => {
    it.each([
        [10000, 3],
        [19453, 12],
        [1, 12],
        [99999, 7],
    ])('splits %i into %i parts that add up and differ by at most a cent', (total, count) => {
        const parts = splitCents(total, count);
        expect(parts).toHaveLength(count);
        expect(sum(parts)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    });
});
describe('simulateFees (mock)', () => {
    it('answers in the spec 2.11 shape', () => {
        const answer = simulateFees({ brand: 'mastercard', installments: 12, amount: 19000, fee_responsible: 'customer' }, SALE);
        expect(feeSimulationResponseSchema.safeParse(answer).success).toBe(true);
        expect(answer).toMatchObject({
            brand: 'Mastercard',
            product: 'Crédito 12x',
            plataformType: 'E-COMMERCE',
            netAmount: 190,
            saleTypeCode: 'credit',
            fees: 'cliente',
        });
        expect(answer.installments.map((entry) => entry.installment)).toEqual([
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
        ]);
    });
    it.each([
        ['visa', 1, 10000, 'customer'],
        ['mastercard', 12, 19000, 'customer'],
        ['elo', 7, 123457, 'merchant'],
        ['amex', 12, 1, 'merchant'],
        ['diners', 5, 99_999_999, 'customer'],
    ])('%s %ix of %i cents (%s pays): every figure adds up to the cent', (brand, n, amount, who) => {
        const answer = simulateFees({ brand, installments: n, amount, fee_responsible: who }, SALE);
        const entries = answer.installments;
        expect(entries).toHaveLength(n);
        expect(sum(entries.map((e) => cents(e.grossAmount)))).toBe(cents(answer.grossAmount));
        expect(sum(entries.map((e) => cents(e.netAmount)))).toBe(cents(answer.netAmount));
        expect(sum(entries.map((e) => cents(e.antecipatedAmount)))).toBe(cents(answer.antecipatedAmount));
        // Amounts are whole cents written as reais.
        for (const e of entries) {
            expect(cents(e.grossAmount) / 100).toBe(e.grossAmount);
            expect(e.antecipatedAmount).toBeLessThanOrEqual(e.netAmount);
        }
        // The fee is the MDR of the gross, to the cent.
        const fee = cents(answer.grossAmount) - cents(answer.netAmount);
        expect(Math.abs(fee - (cents(answer.grossAmount) * answer.mdr) / 100)).toBeLessThanOrEqual(1);
    });
    it('keeps the asked amount as the net when the customer pays, and as the gross when the merchant pays', () => {
        const customer = simulateFees({ brand: 'visa', installments: 3, amount: 10000, fee_responsible: 'customer' }, SALE);
        const merchant = simulateFees({ brand: 'visa', installments: 3, amount: 10000, fee_responsible: 'merchant' }, SALE);
        expect(customer.netAmount).toBe(100);
        expect(customer.grossAmount).toBeGreaterThan(100);
        expect(merchant.grossAmount).toBe(100);
        expect(merchant.netAmount).toBeLessThan(100);
    });
    it('charges more MDR for more installments and by brand', () => {
        expect(mdrFor('visa', 1)).toBe(2.19);
        expect(mdrFor('visa', 12)).toBeGreaterThan(mdrFor('visa', 2));
        expect(mdrFor('amex', 1)).toBeGreaterThan(mdrFor('visa', 1));
    });
    it('dates installments every 30 days from the sale day in São Paulo, even late in the evening', () => {
        // 23:30 in São Paulo is already the next day in UTC.
        const lateSale = new Date('2025-10-31T02:30:00Z');
        const answer = simulateFees({ brand: 'visa', installments: 3, amount: 10000, fee_responsible: 'merchant' }, lateSale);
        expect(answer.installments.map((e) => e.previsionPaymentDate)).toEqual([
            '2025-11-29T00:00:00',
            '2025-12-29T00:00:00',
            '2026-01-28T00:00:00',
        ]);
    });
});
