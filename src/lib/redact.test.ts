import { describe, expect, it } from 'vitest';
import { redactCardNumbers } from './redact.ts';

describe('redactCardNumbers', () => {
  it('masks card numbers written with or without separators, keeping the last four', () => {
    expect(redactCardNumbers('card 4111111111111111 refused')).toBe('card •••• 1111 refused');
    expect(redactCardNumbers('4111 1111 1111 1111')).toBe('•••• 1111');
    expect(redactCardNumbers('3782-822463-10005')).toBe('•••• 0005');
  });

  it('leaves short numbers alone', () => {
    expect(redactCardNumbers('amount 15090 in 12 installments, CEP 01310100')).toBe(
      'amount 15090 in 12 installments, CEP 01310100',
    );
  });
});
