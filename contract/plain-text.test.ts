import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './plain-text.ts';

describe('findUnsafeText', () => {
  it('names the first unsafe string or key by its path, as the API names fields', () => {
    expect(findUnsafeText({ a: 'ok', items: [{ title: 'ok' }, { title: 'bad\u0000' }] })).toBe(
      'items.1.title',
    );
    expect(findUnsafeText({ billing: { address: { ['str\u0000eet']: 'x' } } })).toBe(
      'billing.address.str?eet',
    );
    expect(findUnsafeText(['\ud800'])).toBe('0');
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText({ a: 'x' })).toBeUndefined();
    expect(findUnsafeText({ a: ['x', '\u0000'] })).toBe('a.1');
  });

  it('finds nothing in a clean body, with numbers, booleans and nulls', () => {
    expect(findUnsafeText({ a: 1, b: true, c: null, d: [1, 'São Paulo', { e: 'Ação' }] })).toBeUndefined();
  });
});
