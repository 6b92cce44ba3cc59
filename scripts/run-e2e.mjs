#!/usr/bin/env node
// Runs the Playwright suite on a real Chromium. It never skips: no browser means a clear failure.
import { spawnSync } from 'node:child_process';
import { CHROMIUM_ENV, findChromium, obtainChromium } from './find-chromium.mjs';

const found = (await findChromium()) ?? (await obtainChromium());
if (!found) {
  console.error(`
e2e: no Chromium found and none could be installed.
  Install one and run again, for example:
    - Debian/Ubuntu:  sudo apt-get install chromium   (used from /usr/bin/chromium)
    - anywhere:       npx playwright install chromium
  or point ${CHROMIUM_ENV} at a Chromium/Chrome executable.`);
  process.exit(1);
}
console.log(`e2e: using Chromium at ${found.path} (${found.source})`);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, [CHROMIUM_ENV]: found.path },
});
process.exit(result.status ?? 1);
