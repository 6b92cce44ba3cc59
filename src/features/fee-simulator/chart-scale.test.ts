import { describe, expect, it } from 'vitest';
import { niceStep, ticksFor } from './chart-scale.ts';

describe('chart scale', () => {
  it('picks round steps', () => {
    expect(niceStep(100)).toBe(25);
    expect(niceStep(16.22)).toBe(5);
    expect(niceStep(0)).toBe(1);
  });

  it('covers the largest value with gridlines from zero', () => {
    expect(ticksFor(16.22)).toEqual([0, 5, 10, 15, 20]);
    expect(ticksFor(100)).toEqual([0, 25, 50, 75, 100]);
    expect(ticksFor(0.3).at(-1)).toBeGreaterThanOrEqual(0.3);
  });
});
