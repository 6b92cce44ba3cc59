import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatDateTime, formatDay } from './console-format.ts';

describe('formatCents', () => {
  it.each(['pt-BR', 'en'] as const)('writes what Intl writes for BRL in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (cents) => {
        expect(formatCents(cents, locale)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
    for (const cents of [0, 1, 99, 100, 99_999, 100_000, 123_456_789, -1, -100_000])
      expect(formatCents(cents, locale)).toBe(intl.format(cents / 100));
  });

  it('shows the amounts a person reads', () => {
    expect(formatCents(123_456, 'pt-BR')).toBe('R$\u00a01.234,56');
    expect(formatCents(123_456, 'en')).toBe('R$1,234.56');
    expect(formatCents(-50, 'pt-BR')).toBe('-R$\u00a00,50');
  });
});

describe('formatDateTime and formatDay', () => {
  const instants = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2099-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it.each(['pt-BR', 'en'] as const)('write what Intl writes in %s', (locale) => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'short' });
    fc.assert(
      fc.property(instants, (date) => {
        // Some ICU versions put a narrow no-break space before AM/PM; a plain one is what people type.
        expect(formatDateTime(date.toISOString(), locale)).toBe(
          dateTime.format(date).replace(/\u202f/g, ' '),
        );
        expect(formatDay(date.toISOString().slice(0, 10), locale)).toBe(day.format(date));
      }),
      { numRuns: 2000 },
    );
  });

  it('shows what it cannot read as it came', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
    expect(formatDay('2026-13-45', 'pt-BR')).toBe('2026-13-45');
  });
});
