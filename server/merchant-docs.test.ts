import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSessionRequestSchema } from '../contract/checkout-session.ts';
import { MERCHANT_EVENT_TYPES } from '../contract/merchant-events.ts';

const read = (path: string) => readFileSync(new URL(`../docs/merchants/${path}`, import.meta.url), 'utf8');

/** The `code` in the first column of every table row of the page. */
function firstColumnCodes(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1] ?? []);
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
});
