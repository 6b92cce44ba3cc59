import { describe, expect, it } from 'vitest';
import { problemsIn, type RepositoryView } from './check-doc-paths.mjs';

const FILES = [
  'server/env.ts',
  'src/lib/money.ts',
  'src/ui/button.tsx',
  'docs/gateway-api.md',
  'docs/a/b.md',
];
const repo: RepositoryView = {
  folders: ['docs', 'server', 'src'],
  basenames: new Set(FILES.map((file) => file.slice(file.lastIndexOf('/') + 1))),
  exists: (path: string) =>
    FILES.some((file) => file === path || file.startsWith(`${path.replace(/\/$/, '')}/`)),
};
const check = (file: string, text: string): string[] => problemsIn(file, text, repo);

describe('scripts/check-doc-paths.mjs', () => {
  it('accepts paths that exist, from the root, from the folder above, and bare names', () => {
    expect(
      check('src/ui/x.ts', '/** See server/env.ts, lib/money.ts and button.tsx, in src/lib/. */'),
    ).toEqual([]);
    expect(check('docs/a/c.md', 'See [the API](../gateway-api.md#3-states) and [b](b.md).')).toEqual([]);
  });

  it('refuses a cited path that does not exist, naming the file and the line', () => {
    expect(check('src/ui/x.ts', '// one\n// server/gone.ts holds it')).toEqual([
      'src/ui/x.ts:2: cites server/gone.ts, which does not exist',
    ]);
    expect(check('src/ui/x.ts', '/** lib/gone.ts */')).toHaveLength(1);
    expect(check('src/ui/x.ts', '/** gone.ts */')).toHaveLength(1);
    expect(check('docs/a/c.md', 'See [x](../nowhere.md).')).toHaveLength(1);
  });

  it('refuses any reference outside the repository', () => {
    const outside = ['..' + '/shared/notes.md', 'DESIGN' + '.md', 'payment-gateway-api' + '.md'];
    for (const text of outside) expect(check('docs/a/c.md', `See ${text}.`).length).toBeGreaterThan(0);
    expect(check('docs/a/c.md', 'See [x](../../../outside.md).')).toHaveLength(1);
  });

  it('reads comments only in code, and skips globs, templates and placeholders', () => {
    expect(check('src/ui/x.ts', "const spec = 'server/log-scan.spec.ts';")).toEqual([]);
    expect(check('src/ui/x.ts', '// src/features/* and src/app/session-*.tsx and src/${name}.ts')).toEqual(
      [],
    );
    expect(
      check('docs/a/c.md', 'Add `docs/decisions/NNN-short-title.md`; open https://host/server/x.ts.'),
    ).toEqual([]);
  });
});
