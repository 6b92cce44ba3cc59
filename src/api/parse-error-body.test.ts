import { describe, expect, it } from 'vitest';
import { normaliseFieldName, parseErrorBody } from './parse-error-body.ts';

describe('parseErrorBody (the 400 body is not shown in the spec)', () => {
  it('reads the expected shape', () => {
    const parsed = parseErrorBody({
      errors: [
        { message: 'Invalid CVV', parameter_name: 'card[card_cvv]', type: 'invalid_parameter' },
        { message: 'Something else', type: 'other' },
      ],
    });
    expect(parsed.message).toBe('Invalid CVV');
    expect(parsed.fieldErrors).toEqual([{ field: 'card.card_cvv', message: 'Invalid CVV' }]);
  });

  it('reads errors keyed by field', () => {
    const parsed = parseErrorBody({
      errors: { 'billing.address.zipcode': ['is invalid'], amount: 'too big' },
    });
    expect(parsed.fieldErrors).toEqual([
      { field: 'billing.address.zipcode', message: 'is invalid' },
      { field: 'amount', message: 'too big' },
    ]);
    expect(parsed.message).toBe('is invalid');
  });

  it('reads a list of strings, a top-level message with a field, and other common shapes', () => {
    expect(parseErrorBody({ errors: ['Amount too low'] }).message).toBe('Amount too low');
    expect(parseErrorBody({ message: 'Bad CVV', field: 'card_cvv' }).fieldErrors).toEqual([
      { field: 'card_cvv', message: 'Bad CVV' },
    ]);
    expect(parseErrorBody({ errors: [{ msg: 'Bad', field: 'installments' }] }).fieldErrors).toEqual([
      { field: 'installments', message: 'Bad' },
    ]);
    expect(parseErrorBody({ detail: 'Nope' }).message).toBe('Nope');
  });

  it('survives text, nothing, numbers and arrays', () => {
    expect(parseErrorBody('Gateway says no').message).toBe('Gateway says no');
    expect(parseErrorBody(undefined)).toEqual({ message: undefined, fieldErrors: [] });
    expect(parseErrorBody(42)).toEqual({ message: undefined, fieldErrors: [] });
    expect(parseErrorBody([1, 2])).toEqual({ message: undefined, fieldErrors: [] });
    expect(parseErrorBody({ errors: null })).toEqual({ message: undefined, fieldErrors: [] });
  });
});

describe('normaliseFieldName', () => {
  it('turns bracket paths into dotted ones', () => {
    expect(normaliseFieldName('card[card_cvv]')).toBe('card.card_cvv');
    expect(normaliseFieldName('billing[address][zipcode]')).toBe('billing.address.zipcode');
    expect(normaliseFieldName('card.card_cvv')).toBe('card.card_cvv');
  });
});
