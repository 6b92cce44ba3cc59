import { describe, expect, it } from 'vitest';
import { interleaved2of5, WIDE } from './interleaved-2-of-5.ts';

describe('Interleaved 2 of 5', () => {
  it('frames the pairs with the start and stop patterns, two wide of each five', () => {
    const { bars, width } = interleaved2of5('12');
    // start: bar 1, space 1, bar 1, space 1; pair "12": bars of 1 (w n n n w), spaces of 2 (n w n n w);
    // stop: wide bar, narrow space, narrow bar.
    expect(bars.map((bar) => bar.width)).toEqual([1, 1, WIDE, 1, 1, 1, WIDE, WIDE, 1]);
    expect(bars[0]).toEqual({ x: 0, width: 1 });
    expect(width).toBe(4 + (3 + 2 * WIDE) * 2 + WIDE + 2);
  });

  it('draws a boleto barcode of 44 digits as 22 pairs: 110 bars and spaces plus the frame', () => {
    const { bars, width } = interleaved2of5('2379'.padEnd(44, '0'));
    expect(bars).toHaveLength(2 + 22 * 5 + 2);
    expect(width).toBe(4 + 22 * (6 + 4 * WIDE) + WIDE + 2);
  });

  it('refuses an odd number of digits or other characters', () => {
    expect(() => interleaved2of5('123')).toThrow(RangeError);
    expect(() => interleaved2of5('12a4')).toThrow(RangeError);
  });
});
