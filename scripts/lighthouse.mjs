#!/usr/bin/env node
// Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G) on the production build served by
// `vite preview`, for the checkout and simulator pages. Prints scores and LCP/TBT/CLS; fails under the targets.
import { spawn, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { findChromium } from './find-chromium.mjs';
import { lighthouseChromiumArgs } from './chromium-args.mjs';
import { judgeLighthouse } from './lighthouse-report.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4399);
const DEBUG_PORT = PORT + 1;
const PAGES = [
  ['checkout', `/?amount=15090&description=T%C3%AAnis%20de%20corrida&lang=pt-BR`],
  ['simulator', `/simulator?lang=pt-BR`],
];
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100 };

const found = await findChromium();
if (!found) {
  console.error('lighthouse: no Chromium found (npm test finds or installs one: README.md).');
  process.exit(1);
}
if (!process.argv.includes('--no-build'))
  execFileSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });

const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('vite preview did not start')), 30_000);
  server.stdout.on('data', (chunk) => {
    if (String(chunk).includes(String(PORT))) {
      clearTimeout(timer);
      resolve();
    }
  });
});

const browser = await chromium.launch({
  executablePath: found.path,
  args: lighthouseChromiumArgs(DEBUG_PORT),
});

const failures = [];
try {
  for (const [name, path] of PAGES) {
    const url = `http://localhost:${PORT}${path}`;
    const result = await lighthouse(url, { port: DEBUG_PORT, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (process.env.LIGHTHOUSE_SAVE)
      writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/${name}.json`, result.report);
    const judged = judgeLighthouse(name, result.lhr, TARGETS);
    failures.push(...judged.failures);
    if (judged.cls !== 0) failures.push(`${name}: CLS ${judged.cls} ≠ 0`);
  }
} finally {
  await browser.close();
  process.kill(-server.pid);
}

if (failures.length > 0) {
  console.error(`\nlighthouse: FAILED\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nlighthouse: OK (all targets met)');
