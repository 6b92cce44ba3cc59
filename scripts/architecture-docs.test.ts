import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const overview = readFileSync(new URL('docs/architecture/overview.md', root), 'utf8');
const folders = (parent: string) =>
  readdirSync(new URL(`${parent}/`, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);

/** The first word of each line of the fenced folder list under "## The folders". */
const listed = new Set(
  (overview.split('## The folders')[1]?.split('```')[1] ?? '')
    .split('\n')
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter((word) => word !== ''),
);

describe('docs/architecture/overview.md', () => {
  it.each(['contract', 'src', 'server'])('lists every folder of %s/', (parent) => {
    expect(folders(parent).filter((folder) => !listed.has(folder))).toEqual([]);
  });
});
