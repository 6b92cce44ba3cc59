import { afterEach, describe, expect, it } from 'vitest';
import { forecastDayNumber, formatForecastDate } from './forecast-date.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

/** Zones at both ends of the day: UTC+14, UTC−11, São Paulo, Tokyo and UTC. */
const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Sao_Paulo', 'Asia/Tokyo', 'UTC'];

describe('formatForecastDate', () => {
  it.each(ZONES)('shows the same calendar day in %s', (zone) => {
    process.env.TZ = zone;
    expect(formatForecastDate('2025-10-30T00:00:00', 'pt-BR')).toBe('30/10/2025');
    expect(formatForecastDate('2025-10-30T00:00:00', 'en')).toBe('10/30/2025');
    // New Year's Day is where a shift would show most: a day earlier is another year.
    expect(formatForecastDate('2026-01-01T00:00:00', 'pt-BR')).toBe('01/01/2026');
    expect(formatForecastDate('2026-01-01T00:00:00', 'en', { month: 'short', day: 'numeric' })).toBe('Jan 1');
  });

  it('really runs in the zones it claims to', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(new Date('2025-10-30T00:00:00Z').getTimezoneOffset()).toBe(-14 * 60);
    process.env.TZ = 'Pacific/Pago_Pago';
    expect(new Date('2025-10-30T00:00:00Z').getTimezoneOffset()).toBe(11 * 60);
  });

  it('shows an unreadable or impossible value as it came instead of inventing a day', () => {
    expect(formatForecastDate('2025-02-30T00:00:00', 'pt-BR')).toBe('2025-02-30T00:00:00');
    expect(formatForecastDate('soon', 'en')).toBe('soon');
  });
});

describe('forecastDayNumber', () => {
  it.each(ZONES)('counts whole days between forecast dates in %s, across DST changes', (zone) => {
    process.env.TZ = zone;
    const first = forecastDayNumber('2025-10-30T00:00:00');
    const second = forecastDayNumber('2025-11-29T00:00:00');
    expect(first).not.toBeNull();
    expect((second ?? 0) - (first ?? 0)).toBe(30);
  });
});
