#!/usr/bin/env node
// Runs the Playwright suite on a real Chromium. It never skips: no browser means a clear failure.
//
// Ports: E2E_PORT (the checkout's pages use it … +3) and E2E_SERVER_PORT (the server's, … +2) when given,
// else free blocks the system hands out, so two checkouts run the suite side by side. Playwright gets
// them through the environment, which its workers inherit: the config reads the same ports everywhere.
//
// Builds: made once here, before Playwright starts its web servers, which only serve them: the mock build
// (served by `vite preview`, and copied under a folder of the plain static host) and the production build
// (the shopper app, then the console in console/). E2E_SHOPPER_DIST names a production build of the
// shopper app made moments ago (`npm test` passes `dist`, which `npm run size` has just built): copied,
// not built again.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { CHROMIUM_ENV, findChromium, obtainChromium } from './find-chromium.mjs';
import { STATIC_FOLDER, mockBuildDir, serverBuildDir, staticHostRoot } from './e2e-layout.mjs';

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

/** Listening on every address of `port` works now (so neither IPv4 nor IPv6 `localhost` holds it). */
function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

function systemPort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `size` consecutive free ports, the first one handed out by the system, none of them in `taken`. */
async function freeBlock(size, taken = []) {
  for (let tries = 0; tries < 100; tries += 1) {
    const first = await systemPort();
    const block = span(first, size);
    if (block.at(-1) > 65_535 || block.some((port) => taken.includes(port))) continue;
    if ((await Promise.all(block.slice(1).map(isFree))).every(Boolean)) return block;
  }
  throw new Error(`e2e: found no ${size} consecutive free ports`);
}

const given = (name) => (process.env[name] ? Number(process.env[name]) : undefined);
const span = (first, size) => Array.from({ length: size }, (_, i) => first + i);
const givenServer = given('E2E_SERVER_PORT');
const checkoutPort = given('E2E_PORT') ?? (await freeBlock(4, givenServer ? span(givenServer, 3) : []))[0];
const serverPort = givenServer ?? (await freeBlock(3, span(checkoutPort, 4)))[0];
console.log(
  `e2e: checkout pages on ${checkoutPort}–${checkoutPort + 3}, server on ${serverPort}–${serverPort + 2}`,
);

function step(label, command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`e2e: ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  console.log(`e2e: ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// The designers' static mock build, exactly as `npm run build:mock` makes it; the embed specs' merchant page
// (checkout port + 1) may frame /embed.
const mock = mockBuildDir(checkoutPort);
step('mock build', 'npx', ['vite', 'build', '--mode', 'mock', '--outDir', mock, '--emptyOutDir'], {
  EMBED_ALLOWED_ORIGINS: `http://localhost:${checkoutPort + 1}`,
});
const staticRoot = staticHostRoot(checkoutPort + 3);
rmSync(staticRoot, { recursive: true, force: true });
cpSync(mock, `${staticRoot}/${STATIC_FOLDER}`, { recursive: true });

const server = serverBuildDir(serverPort);
const shopperDist = process.env.E2E_SHOPPER_DIST;
if (shopperDist) {
  if (!existsSync(`${shopperDist}/.vite/manifest.json`)) {
    console.error(`e2e: E2E_SHOPPER_DIST=${shopperDist} holds no production build`);
    process.exit(1);
  }
  rmSync(server, { recursive: true, force: true });
  cpSync(shopperDist, server, { recursive: true });
  console.log(`e2e: production build copied from ${shopperDist}`);
} else {
  step('production build', 'npx', ['vite', 'build', '--outDir', server, '--emptyOutDir']);
}
// The console's own build, where `npm run build` puts it (dist/console).
step('console build', 'npx', [
  'vite',
  'build',
  '--config',
  'vite.console.config.ts',
  '--outDir',
  `${server}/console`,
  '--emptyOutDir',
]);

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    [CHROMIUM_ENV]: found.path,
    E2E_PORT: String(checkoutPort),
    E2E_SERVER_PORT: String(serverPort),
  },
});
// The builds are this run's alone (named by its ports, which the next run will not get again): left behind, every
// run would add ~5 MB to .e2e-dist.
for (const folder of [mock, staticRoot, server]) rmSync(folder, { recursive: true, force: true });
process.exit(result.status ?? 1);
