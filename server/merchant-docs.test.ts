import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSessionRequestSchema } from '../contract/checkout-session.ts';
import { MERCHANT_EVENT_OBJECT_SCHEMAS } from '../contract/merchant-event-objects.ts';
import { MERCHANT_EVENT_TYPES } from '../contract/merchant-events.ts';

const read = (path: string) => readFileSync(new URL(`../docs/merchants/${path}`, import.meta.url), 'utf8');

/** The `code` in the first column of every table row of the page. */
function firstColumnCodes(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1] ?? []);
}

/** Every `code` of a table cell. */
function codes(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].flatMap((match) => match[1] ?? []);
}

/** events.md's payload table: for each type it names, the fields it lists (`name?`: present when it applies). */
function documentedPayloads(markdown: string): Map<string, string[]> {
  const section = markdown.split('## What `data.object` carries')[1]?.split('\n## ')[0] ?? '';
  const payloads = new Map<string, string[]>();
  for (const line of section.split('\n').filter((row) => row.startsWith('|'))) {
    const [, , types = '', fields = ''] = line.split('|');
    for (const type of codes(types)) {
      expect(payloads.has(type), `${type} is in two rows`).toBe(false);
      payloads.set(type, codes(fields).sort());
    }
  }
  return payloads;
}

describe('docs/merchants: the tables match the contract', () => {
  it('sessions-api.md documents every field of a session request, and no other', () => {
    const documented = firstColumnCodes(read('sessions-api.md'));
    expect([...documented].sort()).toEqual(Object.keys(createSessionRequestSchema.shape).sort());
  });

  it('events.md documents every event type the server sends, and no other', () => {
    const documented = firstColumnCodes(read('events.md'));
    expect([...documented].sort()).toEqual([...MERCHANT_EVENT_TYPES].sort());
  });

  it('events.md lists each type’s payload fields as its schema has them, optional ones marked', () => {
    const documented = documentedPayloads(read('events.md'));
    expect([...documented.keys()].sort()).toEqual([...MERCHANT_EVENT_TYPES].sort());
    for (const type of MERCHANT_EVENT_TYPES) {
      const { shape } = MERCHANT_EVENT_OBJECT_SCHEMAS[type];
      const fields = Object.entries(shape).map(([name, field]) =>
        (field as { _zod: { def: { type: string } } })._zod.def.type === 'optional' ? `${name}?` : name,
      );
      expect(documented.get(type), type).toEqual(fields.sort());
    }
  });
});
