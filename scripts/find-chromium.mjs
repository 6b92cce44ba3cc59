import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Where the e2e suite looks for a browser, in order. */
export const CHROMIUM_ENV = 'CHROMIUM_PATH';
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

async function playwrightsOwn() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export async function findChromium() {
  const fromEnv = process.env[CHROMIUM_ENV];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${CHROMIUM_ENV}=${fromEnv} does not exist.`);
    return { path: fromEnv, source: `$${CHROMIUM_ENV}` };
  }
  const system = SYSTEM_PATHS.find((p) => existsSync(p));
  if (system) return { path: system, source: 'system' };
  const own = await playwrightsOwn();
  if (own) return { path: own, source: "Playwright's own browser" };
  return undefined;
}

function isDebianRoot() {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

/** Tries to obtain a browser: Debian's package as root, else Playwright's installer. */
export async function obtainChromium() {
  if (isDebianRoot()) {
    console.log('No Chromium found: installing Debian\'s "chromium" package with apt-get…');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      console.error('apt-get could not install chromium.');
    }
  } else {
    console.log("No Chromium found: trying Playwright's installer (npx playwright install chromium)…");
    try {
      execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
    } catch {
      console.error("Playwright's installer could not download a browser.");
    }
  }
  return findChromium();
}
