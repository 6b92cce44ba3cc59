import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RECORD = 'docs/decisions/294-one-database-per-test-the-other-on-a-named-set.md';

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the server tests that run on both databases', () => {
  it('are exactly the files the decision record names', () => {
    const named = [...readFileSync(RECORD, 'utf8').matchAll(/^ {2}- `(server\/[^`]+\.test\.ts)`/gm)]
      .map((match) => match[1])
      .sort();
    const onBoth = testFiles('server')
      .filter((file) => /\bBOTH_DRIVERS\b/.test(readFileSync(file, 'utf8')))
      .filter((file) => !file.endsWith('both-drivers.test.ts'))
      .sort();
    expect(named.length).toBeGreaterThan(10);
    expect(onBoth).toEqual(named);
  });
});
