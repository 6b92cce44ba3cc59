// Writes docs/decisions/README.md, the index of the decision records, from the records themselves;
// `--check` (part of `npm run lint`) fails instead when a record is malformed or the index is stale.
// Numbers must be unique, not contiguous: ranges are handed out to people working in parallel.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'oxfmt';

const dir = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const RECORD_FILE = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const SECTIONS = ['Context', 'Decision', 'Consequences'];
/** The line after the title: whether the record stands, or which later record replaced it. */
const STATUS = /^Status: (accepted|superseded by (\d{3}))$/;

const INTRO = `# Decision records

Short records of the choices that fill gaps of the gateway interface ([docs/gateway-api.md](../gateway-api.md)) or
shape the code, one file each: \`NNN-short-title.md\`, its title, a status line (\`Status: accepted\` or
\`Status: superseded by NNN\`), then the sections Context, Decision and Consequences. Newest last. Numbers are unique
but not contiguous (ranges are handed out to people working in parallel). A record that a later one amends keeps its
text and stays accepted; the later record says what changed. A record that a later one replaces whole says
\`superseded by\` it, and the later record names it.

This index is generated: after adding a record run \`npm run docs:decisions\` (\`npm run lint\` fails while it is
stale).
`;

/** The records in number order, with what is wrong with each. */
export function readRecords(folder = dir) {
  const problems = [];
  const records = [];
  const seen = new Map();
  for (const name of readdirSync(folder).sort()) {
    if (name === 'README.md') continue;
    const match = RECORD_FILE.exec(name);
    if (!match) {
      problems.push(`${name}: a record is named NNN-short-title.md (lower case, digits and dashes)`);
      continue;
    }
    const number = match[1];
    if (seen.has(number)) problems.push(`${name}: number ${number} is also used by ${seen.get(number)}`);
    seen.set(number, name);
    const text = readFileSync(join(folder, name), 'utf8');
    const heading = /^# (.+)$/m.exec(text);
    if (!heading) problems.push(`${name}: no "# Title" heading`);
    // "# 012. Title", "# 012 — Title", "# ADR 012: Title" and "# Title" all name the same title.
    const title = (heading?.[1] ?? name).replace(/^(?:ADR[- ]?)?0*\d+\s*[.:—–-]\s*/i, '').trim();
    // The first non-blank line after the title.
    const statusLine =
      text
        .split('\n')
        .slice(1)
        .find((line) => line.trim() !== '') ?? '';
    const status = STATUS.exec(statusLine);
    if (!status) {
      problems.push(
        `${name}: the line after the title must be "Status: accepted" or "Status: superseded by NNN" (found "${statusLine}")`,
      );
    }
    let from = 0;
    for (const section of SECTIONS) {
      const at = text.slice(from).search(new RegExp(`^#{2,3} ${section}\\s*$`, 'm'));
      if (at < 0) {
        problems.push(`${name}: no "## ${section}" section after the previous one (${SECTIONS.join(' / ')})`);
        break;
      }
      from += at + 1;
    }
    records.push({ number, name, title, supersededBy: status?.[2] });
  }
  for (const record of records) {
    if (record.supersededBy === undefined) continue;
    const later = seen.get(record.supersededBy);
    if (!later || record.supersededBy <= record.number) {
      problems.push(`${record.name}: superseded by ${record.supersededBy}, which is not a later record`);
    }
  }
  return { records, problems };
}

export function renderIndex(records) {
  // A list, not a table: a longer title would re-pad every row of a table and make each new record a conflict.
  const byNumber = new Map(records.map((r) => [r.number, r.name]));
  const rows = records.map((r) => {
    const link = `- ${r.number} [${r.title.replaceAll(']', '\\]')}](${r.name})`;
    if (r.supersededBy === undefined) return `${link} · accepted`;
    return `${link} · superseded by [${r.supersededBy}](${byNumber.get(r.supersededBy) ?? ''})`;
  });
  return `${INTRO}\n${rows.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { records, problems } = readRecords();
  const indexPath = join(dir, 'README.md');
  // Formatted as `oxfmt --check` wants it (the project's .oxfmtrc.json), so the check compares exactly.
  // Its formatting options only: `$schema` and `ignorePatterns` are for the editor and the command line.
  const {
    $schema: _schema,
    ignorePatterns: _ignored,
    ...options
  } = JSON.parse(readFileSync(new URL('../.oxfmtrc.json', import.meta.url), 'utf8'));
  const formatted = await format(indexPath, renderIndex(records), options);
  if (formatted.errors.length > 0)
    throw new Error(`oxfmt: ${formatted.errors.map((e) => e.message).join('; ')}`);
  const index = formatted.code;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(indexPath, 'utf8');
    } catch {
      problems.push('docs/decisions/README.md is missing');
    }
    if (current && current !== index) {
      problems.push('docs/decisions/README.md is stale: run `npm run docs:decisions`');
    }
    if (problems.length > 0) {
      console.error(`Decision records:\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
  } else {
    writeFileSync(indexPath, index);
    if (problems.length > 0) {
      console.error(`Decision records:\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`docs/decisions/README.md: ${records.length} records`);
  }
}
