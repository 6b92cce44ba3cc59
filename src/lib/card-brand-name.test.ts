import { describe, expect, it } from 'vitest';
import { cardBrandName } from './card-brand-name.ts';

describe('cardBrandName', () => {
  it('names the brands the gateway and the card form use', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('american-express')).toBe('American Express');
    expect(cardBrandName('ELO')).toBe('Elo');
  });

  it('shows an unknown brand readably and nothing for none', () => {
    expect(cardBrandName('new_brand')).toBe('New Brand');
    expect(cardBrandName(null)).toBe('');
  });
});
