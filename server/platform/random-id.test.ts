import { describe, expect, it } from 'vitest';
import { random128 } from './random-id.ts';

describe('random128', () => {
  it('gives 22 base64url characters, never the same twice across pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = random128();
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
  });
});
