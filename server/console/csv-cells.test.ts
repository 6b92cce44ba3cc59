import { describe, expect, it } from 'vitest';
import { cellsOf, FORMULA } from '../test/csv-cells.ts';
import { csvLocalDateTime, csvTextCell } from './csv-cells.ts';

/** Texts a spreadsheet would run: each gets a leading `'`. */
const FORMULAS = [
  ';=1+1',
  ',=1+1',
  '-2+3',
  '+55 11 91234-5678',
  '@SUM(A1)',
  '=HYPERLINK("https://evil.example","x")',
  ' =x',
  '\t=x',
  '\r=x',
  '\n=x',
  ' ;=x',
];

/** Texts that would break the row: quoted, kept as they are. */
const BREAKING = ['Ana "Nina" Souza', 'Souza, Ana', 'Souza; Ana', 'linha 1\nlinha 2', 'linha 1\r\nlinha 2'];

describe('a CSV text cell', () => {
  it.each([...FORMULAS, ...BREAKING])('%j is one cell in both exports and never starts a formula', (text) => {
    const cell = csvTextCell(text);
    for (const separator of [',', ';'] as const) {
      // The cell between two others, as in a row of the export.
      const line = ['a', cell, 'b'].join(separator);
      const read = cellsOf(line, separator);
      expect(read).toHaveLength(3);
      expect(read[1]).toBe(FORMULAS.includes(text) ? `'${text}` : text);
      // Read with the other separator (a pt-BR spreadsheet opening the comma file), no cell is a formula.
      const other = separator === ',' ? ';' : ',';
      for (const seen of cellsOf(line, other)) expect(seen).not.toMatch(FORMULA);
    }
  });

  it('quotes every text cell holding a comma, a semicolon, a quote or a line break, in either export', () => {
    expect(csvTextCell(';=1+1')).toBe(`"';=1+1"`);
    expect(csvTextCell('Souza, Ana')).toBe('"Souza, Ana"');
    expect(csvTextCell('Souza; Ana')).toBe('"Souza; Ana"');
    expect(csvTextCell('Ana "Nina" Souza')).toBe('"Ana ""Nina"" Souza"');
    expect(csvTextCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvTextCell('-2+3')).toBe(`'-2+3`);
    expect(csvTextCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvTextCell(' =x')).toBe(`' =x`);
    expect(csvTextCell('\t=x')).toBe(`"'\t=x"`);
  });

  it('leaves plain text as it is', () => {
    for (const text of ['Joana Prado', 'joana@example.com', 'pedido-1043', 'a-b', 'x=1', '']) {
      expect(csvTextCell(text)).toBe(text);
    }
    expect(csvTextCell(null)).toBe('');
  });
});

describe('a CSV date and time', () => {
  // 02:30 UTC on 1 March: still 28 February on São Paulo's clock, already 1 March in Lisbon.
  const at = '2026-03-01T02:30:05.000Z';

  it('is the shop’s wall clock, written as each export’s spreadsheet reads it', () => {
    expect(csvLocalDateTime(at, { decimal: 'comma', timeZone: 'America/Sao_Paulo' })).toBe(
      '28/02/2026 23:30:05',
    );
    expect(csvLocalDateTime(at, { decimal: 'dot', timeZone: 'America/Sao_Paulo' })).toBe(
      '2026-02-28 23:30:05',
    );
    expect(csvLocalDateTime(new Date(at), { decimal: 'dot', timeZone: 'Europe/Lisbon' })).toBe(
      '2026-03-01 02:30:05',
    );
  });
});
