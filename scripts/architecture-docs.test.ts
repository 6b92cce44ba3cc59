import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Each backquoted file path (a folder, a name with an extension) in one `## …` section of the overview. */
function pathsIn(title: string): string[] {
  const section = overview.split(`## ${title}`)[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/`([\w.-]+(?:\/[\w.-]+)+\.(?:tsx?|mjs|css))`/g)].map((match) => match[1] ?? '');
}

describe('the two paths through the files', () => {
  it.each(['One card payment, file by file', 'One PIX payment confirmed by a gateway webhook'])(
    '“%s” names files that exist',
    (title) => {
      const paths = pathsIn(title);
      expect(paths.length).toBeGreaterThan(10);
      expect(paths.filter((path) => !existsSync(new URL(path, root)))).toEqual([]);
    },
  );

  it('names every file by its full path (a bare name cannot be followed)', () => {
    for (const title of [
      'One card payment, file by file',
      'One PIX payment confirmed by a gateway webhook',
    ]) {
      const section = overview.split(`## ${title}`)[1]?.split('\n## ')[0] ?? '';
      const bare = [...section.matchAll(/`([\w.-]+\.(?:tsx?|mjs))`/g)].map((match) => match[1]);
      expect(bare).toEqual([]);
    }
  });
});
