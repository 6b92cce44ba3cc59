import { describe, expect, it } from 'vitest';
import { redactCardData } from './redact.ts';

describe('redactCardData', () => {
  it('masks card numbers written with or without separators, keeping the last four', () => {
    expect(redactCardData('card 4111111111111111 refused')).toBe('card •••• 1111 refused');
    expect(redactCardData('4111 1111 1111 1111')).toBe('•••• 1111');
    expect(redactCardData('3782-822463-10005')).toBe('•••• 0005');
    expect(redactCardData('card 4111.1111.1111.1111 refused')).toBe('card •••• 1111 refused');
    expect(redactCardData('"card_number":"5555555555554444"')).toBe('"card_number":"•••• 4444"');
  });

  it.each([
    ['card_cvv: 123', 'card_cvv: •••'],
    ['{"card_cvv":"123"}', '{"card_cvv":"•••"}'],
    ['cvv=123&x=1', 'cvv=•••&x=1'],
    ['card[card_cvv]=1234', 'card[card_cvv]=•••'],
    ['Invalid CVV 123', 'Invalid CVV •••'],
    ['security_code: 999 rejected', 'security_code: ••• rejected'],
  ])('masks an echoed CVV: %s', (text, redacted) => {
    expect(redactCardData(text)).toBe(redacted);
  });

  it.each([
    ['card_expiration_date 0333', 'card_expiration_date •••'],
    ['{"card_expiration_date":"0333"}', '{"card_expiration_date":"•••"}'],
    ['expiry 03/33', 'expiry •••'],
    ['Expiry: 03 / 2033 is past', 'Expiry: ••• is past'],
    ['exp_month=03, exp_year=2033', 'exp_month=•••, exp_year=•••'],
  ])('masks an echoed expiry: %s', (text, redacted) => {
    expect(redactCardData(text)).toBe(redacted);
  });

  it('masks every echoed field of a whole body', () => {
    const echoed = JSON.stringify({
      card: { card_number: '4111111111111111', card_cvv: '123', card_expiration_date: '0333' },
    });
    const redacted = redactCardData(echoed);
    expect(redacted).not.toMatch(/4111111111111111|"123"|0333/);
    expect(redacted).toContain('1111');
  });

  it('leaves short numbers and the words alone', () => {
    expect(redactCardData('amount 15090 in 12 installments, CEP 01310100, CPF 529.982.247-25')).toBe(
      'amount 15090 in 12 installments, CEP 01310100, CPF 529.982.247-25',
    );
    expect(redactCardData('Invalid security code')).toBe('Invalid security code');
    expect(redactCardData('The CVV must have 3 or 4 digits')).toBe('The CVV must have 3 or 4 digits');
    expect(redactCardData('Card expired on 2026-11-22 12:00:00')).toBe('Card expired on 2026-11-22 12:00:00');
  });
});
