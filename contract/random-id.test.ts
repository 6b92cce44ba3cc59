import { describe, expect, it } from 'vitest';
import { isRandomId, randomId } from './random-id.ts';

describe('random ids (3DS return references, embed instances, mock challenge tokens)', () => {
  it('are random 128-bit hex strings', () => {
    const a = randomId();
    const b = randomId();
    expect(isRandomId(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(isRandomId('1001')).toBe(false);
    expect(isRandomId(null)).toBe(false);
    expect(isRandomId('AB'.repeat(16))).toBe(false);
  });
});
