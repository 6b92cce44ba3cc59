import { describe, expect, it } from 'vitest';
import { readSimulatorSearch, simulationRequest, writeSimulatorSearch } from './simulator-search.ts';

describe('simulator search parameters', () => {
  it('round-trips a simulation through the URL and keeps the language', () => {
    const params = { brand: 'elo', amount: 123456, installments: 6, feeResponsible: 'merchant' } as const;
    const search = writeSimulatorSearch(new URLSearchParams('lang=en'), params);
    expect(search.get('lang')).toBe('en');
    expect(search.toString()).toBe('lang=en&brand=elo&amount=123456&installments=6&fees=merchant');
    expect(readSimulatorSearch(new URLSearchParams(search.toString())).complete).toEqual(params);
  });

  it('prefills what is valid and flags a link that names a broken simulation', () => {
    const reading = readSimulatorSearch(
      new URLSearchParams('brand=VISA&amount=12,5&installments=13&fees=customer'),
    );
    expect(reading.complete).toBeNull();
    expect(reading.partial).toEqual({ brand: 'visa', feeResponsible: 'customer' });
    expect(reading.incomplete).toBe(true);
  });

  it('is quiet for a plain visit', () => {
    expect(readSimulatorSearch(new URLSearchParams('lang=pt-BR'))).toEqual({
      complete: null,
      partial: {},
      incomplete: false,
    });
  });

  it('builds exactly the spec 2.10 body', () => {
    const params = {
      brand: 'mastercard',
      amount: 19000,
      installments: 12,
      feeResponsible: 'customer',
    } as const;
    expect(simulationRequest(params)).toEqual({
      brand: 'mastercard',
      installments: 12,
      amount: 19000,
      fee_responsible: 'customer',
    });
    expect(simulationRequest(params, 3).installments).toBe(3);
  });
});
