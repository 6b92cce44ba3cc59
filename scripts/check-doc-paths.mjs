// Part of `npm run lint`: every repository path a comment or a document cites must exist, and nothing may point
// outside the repository (the team's notes and the gateway's own document are not part of a clone; what the code
// needs from them lives in docs/). Fails with file:line for each problem.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Text files whose comments and prose are checked. */
const CHECKED = /\.(?:ts|tsx|mts|js|mjs|cjs|md|css|html|ya?ml)$|^\.ci\//;

// Spelled in pieces so that this file does not trip its own check.
const OUTSIDE = [
  { pattern: new RegExp(['DESIGN', 'md'].join('\\.')), why: 'the team notes are not in the repository' },
  { pattern: new RegExp(['\\.\\.', 'shared'].join('/')), why: 'a folder outside the repository' },
  {
    pattern: new RegExp(['payment-gateway-api', 'md'].join('\\.')),
    why: "the gateway's document is not in the repository: cite docs/gateway-api.md",
  },
];

/** Top-level folders of the repository: a token starting with one of them is a cited path. */
function topFolders() {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file.includes('/'))
    .map((file) => file.slice(0, file.indexOf('/')))
    .filter((folder, index, all) => all.indexOf(folder) === index && folder !== 'node_modules');
}

function filesToCheck() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && CHECKED.test(file) && existsSync(join(root, file)));
}

/** `server/env.ts`, `docs/operators/`, `patches/postgres+3.4.9.patch`… anywhere in the text; not inside a URL or an import specifier. */
function citedPaths(text, folders) {
  const escaped = folders.map((folder) => folder.replace(/[.]/g, '\\.')).join('|');
  const token = new RegExp(`(?<![\\w./@~:-])(?:${escaped})/[\\w.+\\-/]*(.?)`, 'g');
  const found = [];
  for (const match of text.matchAll(token)) {
    // A glob, a template or a placeholder names many paths, not one: `src/features/*`, `e2e/${name}`,
    // `src/app/session-*.tsx`, `docs/decisions/NNN-short-title.md`.
    if (/[*{<$…[]/.test(match[1] ?? '') || /NNN/.test(match[0])) continue;
    // Sentence punctuation after a path is not part of it.
    const path = match[0].slice(0, match[0].length - (match[1]?.length ?? 0)).replace(/[.-]+$/, '');
    found.push({ path, index: match.index });
  }
  return found;
}

/**
 * Paths cited from the file's own folder (a comment in src/ui naming lib/ and a file in it) and bare file
 * names: the first must exist under the file's folder or one above it, the second somewhere.
 */
function relativeCitations(text, folders) {
  const found = [];
  const token = /(?<![\w./@~:$-])([\w-]+(?:\/[\w.-]+)*\.(?:tsx?|mts|mjs|cjs))(?![\w/*{])/g;
  for (const match of text.matchAll(token)) {
    const path = match[1] ?? '';
    const first = path.slice(0, path.indexOf('/'));
    if (path.includes('/') && folders.includes(first)) continue;
    found.push({ path, index: match.index });
  }
  return found;
}

function existsFrom(file, path, repo) {
  if (!path.includes('/')) return repo.basenames.has(path);
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    if (repo.exists(join(folder, path))) return true;
    if (folder === '.' || folder === '/' || folder === '') return false;
  }
}

/** Relative links of a Markdown file: `[text](../gateway-api.md#anchor)`. */
function markdownLinks(text) {
  const found = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    if (/^(?:[a-z]+:|#)/i.test(target)) continue;
    found.push({ path: target.replace(/#.*$/, ''), index: match.index });
  }
  return found;
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/**
 * The comments of a source file, other characters blanked (offsets kept): a string such as a test glob
 * relative to Playwright's folder is code, not a citation. Lines that open with `*`, `/*` or `//`, and what
 * follows ` // ` on a line of code.
 */
function commentsOf(text) {
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(?:\*|\/\*|\/\/)/.test(line)) return line;
      const at = line.indexOf(' // ');
      return at < 0 ? ' '.repeat(line.length) : ' '.repeat(at) + line.slice(at);
    })
    .join('\n');
}

/**
 * What is wrong with one file's citations. `repo` says what the repository holds: its top-level folders,
 * the names of its files, and whether a path (relative to its root) exists.
 */
export function problemsIn(file, text, repo) {
  const problems = [];
  for (const { pattern, why } of OUTSIDE) {
    for (const match of text.matchAll(new RegExp(pattern, 'g'))) {
      problems.push(`${file}:${lineOf(text, match.index)}: cites "${match[0]}" — ${why}`);
    }
  }
  const prose = /\.(?:md|html|ya?ml)$/.test(file) || file.startsWith('.ci/') ? text : commentsOf(text);
  for (const { path, index } of citedPaths(prose, repo.folders)) {
    if (!repo.exists(path))
      problems.push(`${file}:${lineOf(text, index)}: cites ${path}, which does not exist`);
  }
  for (const { path, index } of relativeCitations(prose, repo.folders)) {
    if (!existsFrom(file, path, repo)) {
      problems.push(
        `${file}:${lineOf(text, index)}: cites ${path}, found neither beside it nor in the repository`,
      );
    }
  }
  if (file.endsWith('.md')) {
    for (const { path, index } of markdownLinks(text)) {
      const target = normalize(join(dirname(file), decodeURI(path)));
      if (target.startsWith('..') || !repo.exists(target)) {
        problems.push(
          `${file}:${lineOf(text, index)}: links to ${path}, which is not a file of the repository`,
        );
      }
    }
  }
  return problems;
}

export function checkDocPaths() {
  const files = filesToCheck();
  const repo = {
    folders: topFolders(),
    basenames: new Set(files.map((file) => file.slice(file.lastIndexOf('/') + 1))),
    exists: (path) => existsSync(join(root, path)),
  };
  return files.flatMap((file) => problemsIn(file, readFileSync(join(root, file), 'utf8'), repo));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkDocPaths();
  if (problems.length > 0) {
    console.error(`Cited paths (scripts/check-doc-paths.mjs):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
