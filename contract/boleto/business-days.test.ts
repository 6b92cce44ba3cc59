import { describe, expect, it } from 'vitest';
import { addBusinessDays, endOfDueDate, isBusinessDay, saoPauloDate } from './business-days.ts';

describe('business days for a boleto due date', () => {
  it('skips the weekend: 3 business days after a Thursday is the next Tuesday', () => {
    expect(addBusinessDays('2026-11-26', 3)).toBe('2026-12-01');
  });

  it('skips national holidays, fixed and movable', () => {
    // 2026-11-20 (Friday) is Black Consciousness Day, a national holiday since 2024.
    expect(isBusinessDay('2026-11-20')).toBe(false);
    expect(addBusinessDays('2026-11-19', 1)).toBe('2026-11-23');
    // Easter 2026 is 5 April: Carnival 16–17 February, Good Friday 3 April, Corpus Christi 4 June.
    expect(isBusinessDay('2026-02-16')).toBe(false);
    expect(isBusinessDay('2026-02-17')).toBe(false);
    expect(isBusinessDay('2026-04-03')).toBe(false);
    expect(isBusinessDay('2026-06-04')).toBe(false);
    expect(isBusinessDay('2026-06-05')).toBe(true);
  });

  it('takes today in São Paulo, not in UTC', () => {
    // 01:30 UTC on the 24th is still the 23rd in São Paulo (UTC−3).
    expect(saoPauloDate(new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-23');
    expect(endOfDueDate('2026-11-26').toISOString()).toBe('2026-11-27T03:00:00.000Z');
  });
});
