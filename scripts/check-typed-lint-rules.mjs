#!/usr/bin/env node
// The rules that need types run in oxlint (.oxlintrc.json) on TypeScript 7, not in ESLint (decision 347). This
// check keeps the two lists one: every rule of typescript-eslint's strictTypeChecked that needs types is enabled in
// .oxlintrc.json, nothing else is there, and the one rule oxlint does not have yet is named here with why — and the
// day an oxlint release ports it, this check fails so that it is turned on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** Typed rules of strictTypeChecked that oxlint cannot run yet: name → why (decision 347). */
const NOT_IN_OXLINT = new Map([
  [
    'no-unsafe-class-instance-assignment',
    'not ported to oxlint-tsgolint 7.0.2008; our classes are Error subclasses, a logger and e2e page models',
  ],
]);

/** Typed rules we add to strictTypeChecked: name → why. */
const OURS = new Map([
  [
    'switch-exhaustiveness-check',
    'every status belongs to a closed set: a switch over one handles each member',
  ],
]);

const isOn = (entry) => {
  const level = Array.isArray(entry) ? entry[0] : entry;
  return level !== 'off' && level !== 0;
};

const typed = new Set();
for (const config of tseslint.configs.strictTypeChecked) {
  for (const [name, entry] of Object.entries(config.rules ?? {})) {
    if (!name.startsWith('@typescript-eslint/')) continue;
    const rule = name.slice('@typescript-eslint/'.length);
    if (tseslint.plugin.rules[rule]?.meta.docs?.requiresTypeChecking === true && isOn(entry)) typed.add(rule);
    else typed.delete(rule);
  }
}

const oxlintrc = JSON.parse(readFileSync(new URL('../.oxlintrc.json', import.meta.url), 'utf8'));
const inOxlint = new Set(
  Object.entries(oxlintrc.rules)
    .filter(([name, entry]) => name.startsWith('typescript/') && isOn(entry))
    .map(([name]) => name.slice('typescript/'.length)),
);

const problems = [];
for (const rule of typed) {
  if (!inOxlint.has(rule) && !NOT_IN_OXLINT.has(rule)) {
    problems.push(`typescript/${rule} (typed, in strictTypeChecked) is not turned on in .oxlintrc.json`);
  }
}
for (const rule of OURS.keys()) typed.add(rule);
for (const rule of inOxlint) {
  if (!typed.has(rule))
    problems.push(`.oxlintrc.json runs typescript/${rule}, which is not a typed rule we use`);
}
for (const name of Object.keys(oxlintrc.rules)) {
  if (!name.startsWith('typescript/'))
    problems.push(`.oxlintrc.json runs ${name}: ESLint runs the untyped rules`);
}

// oxlint's own list: an exception it has since ported is turned on instead.
const listed = execFileSync(process.execPath, ['node_modules/oxlint/bin/oxlint', '--rules'], {
  encoding: 'utf8',
});
for (const [rule, why] of NOT_IN_OXLINT) {
  if (!typed.has(rule))
    problems.push(`${rule} is named as missing from oxlint but is not a typed rule we use`);
  if (new RegExp(String.raw`\|\s*${rule}\s*\|\s*typescript\s*\|`).test(listed)) {
    problems.push(`oxlint now has typescript/${rule} (was: ${why}): turn it on in .oxlintrc.json`);
  }
}

if (problems.length > 0) {
  console.error(`Typed lint rules out of step (decision 347):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`typed lint rules: ${inOxlint.size} in oxlint, ${NOT_IN_OXLINT.size} named as not ported yet`);
