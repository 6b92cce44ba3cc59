import { describe, expect, it } from 'vitest';
import { simulatorFormSchema, type SimulatorFormValues } from './simulator-form-schema.ts';
import { formValuesFrom, paramsFrom } from './simulator-form-values.ts';

const valid: SimulatorFormValues = {
  brand: 'visa',
  amount: '1.234,56',
  installments: '3',
  feeResponsible: 'customer',
};

function messagesFor(values: Record<string, string>, locale: 'pt-BR' | 'en' = 'pt-BR') {
  const result = simulatorFormSchema(locale).safeParse(values);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('simulator form', () => {
  it('accepts an amount typed in the page locale and turns it into cents', () => {
    expect(messagesFor(valid)).toEqual([]);
    expect(paramsFrom(valid, 'pt-BR')).toEqual({
      brand: 'visa',
      amount: 123456,
      installments: 3,
      feeResponsible: 'customer',
    });
    expect(paramsFrom({ ...valid, amount: '1,234.56' }, 'en')?.amount).toBe(123456);
  });

  it('names each problem with its own message', () => {
    expect(messagesFor({ ...valid, amount: '' })).toEqual(['amount: simulator.error.amountRequired']);
    expect(messagesFor({ ...valid, amount: '1,234.56' })).toEqual(['amount: simulator.error.amountFormat']);
    expect(messagesFor({ ...valid, amount: '0,00' })).toEqual(['amount: simulator.error.amountMin']);
    expect(messagesFor({ ...valid, amount: '1.000.000,01' })).toEqual(['amount: simulator.error.amountMax']);
    expect(messagesFor({ ...valid, installments: '13' })).toEqual([
      'installments: simulator.error.installments',
    ]);
    expect(messagesFor({ ...valid, brand: 'discover' })).toEqual(['brand: simulator.error.brand']);
  });

  it('prefills the amount in the locale of the page', () => {
    expect(formValuesFrom({ amount: 19000 }, 'pt-BR').amount).toBe('190,00');
    expect(formValuesFrom({ amount: 19000 }, 'en').amount).toBe('190.00');
    expect(formValuesFrom({}, 'en')).toEqual({
      brand: 'visa',
      amount: '',
      installments: '1',
      feeResponsible: 'merchant',
    });
  });
});
