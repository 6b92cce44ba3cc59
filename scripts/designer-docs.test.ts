import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESIGNER_SCENARIOS } from '../mock-core/designer-scenarios.ts';
import {
  BANK_ANSWER_HOLDER_NAMES,
  HOLDER_NAME_SCENARIOS,
  PIX_PAYER_NAMES,
  TEST_CARDS,
} from '../mock-core/scenarios.ts';

const read = (path: string) =>
  readFileSync(new URL(`../docs/shoppers-and-designers/${path}`, import.meta.url), 'utf8');

/** The first cells of the table rows under the `## heading` (or the whole page), without their backticks. */
function firstColumn(markdown: string, heading?: string): string[] {
  const section =
    heading === undefined
      ? markdown
      : (markdown.split(/^## /m).find((part) => part.startsWith(heading)) ?? '');
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => line.split('|')[1]?.trim() ?? '');
}

const code = (cell: string) => /^`([^`]+)`/.exec(cell)?.[1] ?? cell;

describe('docs/shoppers-and-designers: the tables match mock-core', () => {
  const cards = read('test-cards.md');

  it('lists every test card, with its brand, and no other', () => {
    const rows = cards
      .split(/^## /m)
      .find((part) => part.startsWith('Cards'))
      ?.split('\n')
      .filter((line) => /^\| `\d/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = (rows ?? []).map((cells) => `${code(cells[1] ?? '').replaceAll(' ', '')} ${cells[2]}`);
    expect(documented.sort()).toEqual(TEST_CARDS.map((card) => `${card.number} ${card.brand}`).sort());
  });

  it('lists every holder name that breaks the transport, and no other', () => {
    const documented = firstColumn(cards, 'Holder names').map(code);
    expect(documented.sort()).toEqual(Object.keys(HOLDER_NAME_SCENARIOS).sort());
  });

  it('lists every bank answer and PIX payer name, and no other', () => {
    const documented = firstColumn(cards, 'Names that make').map(code);
    expect(documented.sort()).toEqual(
      [...Object.keys(BANK_ANSWER_HOLDER_NAMES), ...Object.keys(PIX_PAYER_NAMES)].sort(),
    );
  });

  it('lists every designer scenario link, and no other', () => {
    const scenarios = read('scenarios.md').split(/^## /m)[0] ?? '';
    expect(firstColumn(scenarios).map(code).sort()).toEqual(DESIGNER_SCENARIOS.map((s) => s.id).sort());
  });
});
