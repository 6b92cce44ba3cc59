import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverEnvSchema } from './env.ts';

const SETTINGS_DOC = new URL('../docs/operators/settings.md', import.meta.url);

/** The variables named in the first column of the table under "## Server settings". */
function documentedServerSettings(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Server settings'));
  if (section === undefined)
    throw new Error('docs/operators/settings.md has no "## Server settings" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|')[1]?.trim() ?? '')
    .flatMap((cell) => /^`([A-Z][A-Z0-9_]*)`$/.exec(cell)?.[1] ?? []);
}

describe('docs/operators/settings.md', () => {
  const documented = documentedServerSettings(readFileSync(SETTINGS_DOC, 'utf8'));
  const read = Object.keys(serverEnvSchema.shape);

  it('documents every setting server/env.ts reads', () => {
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('documents no setting server/env.ts does not read, and each once', () => {
    expect(documented.filter((name) => !read.includes(name))).toEqual([]);
    expect(documented.filter((name, index) => documented.indexOf(name) !== index)).toEqual([]);
  });
});
