import { defineConfig, devices } from '@playwright/test';
import { CHECKOUT_PORT, MERCHANT_ORIGIN } from './e2e/embed-origins.ts';
import { QUIET_CHROMIUM_ARGS } from './scripts/chromium-args.mjs';
import { mockBuildDir } from './scripts/e2e-layout.mjs';
import {
  DEV_SERVER_DATA_DIR,
  DEV_SERVER_PORT,
  DEV_SERVER_URL,
  STATIC_HOST_PORT,
  STATIC_HOST_ROOT,
  STATIC_PREVIEW_URL,
} from './e2e/designer-origins.ts';
import {
  GATEWAY_TOKEN,
  PAYER_BANK_PORT,
  SECRET_KEY,
  SERVER_LOG,
  SERVER_ORIGIN,
  SERVER_PORT,
  SERVER_RUN_DIR,
} from './e2e/server-origins.ts';

/**
 * Several checkouts may run the suite at once: scripts/run-e2e.mjs picks free ports for each run (passed in
 * the environment, so the runner and its workers read the same), and builds once into folders named by them.
 * The web servers below only serve those builds.
 */
const port = CHECKOUT_PORT;
// The checkout's pages use E2E_PORT … +3 and the server's E2E_SERVER_PORT … +2: overlapping ranges would
// fail later as "address already in use" from one of six web servers, which says nothing about why.
if (Math.abs(SERVER_PORT - CHECKOUT_PORT) < 4) {
  throw new Error(
    `E2E_PORT (${CHECKOUT_PORT}) uses ports ${CHECKOUT_PORT}–${CHECKOUT_PORT + 3} and E2E_SERVER_PORT (${SERVER_PORT}) ` +
      `${SERVER_PORT}–${SERVER_PORT + 2}: choose them at least 4 apart.`,
  );
}
const outDir = mockBuildDir(port);

function e2eWorkers(): number {
  const given = process.env.E2E_WORKERS;
  if (given === undefined || given === '') return 2;
  const workers = Number(given);
  if (!Number.isInteger(workers) || workers < 1 || workers > 16) {
    throw new Error(`E2E_WORKERS=${given}: give a whole number of workers from 1 to 16.`);
  }
  return workers;
}
const executablePath = process.env.CHROMIUM_PATH || undefined;
const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test fails, on CI too, and is fixed: no retries.
  retries: 0,
  // Two, one per core: four were tried (docs/performance.md, "Test suite time") and saturated the two cores
  // (load 17: each page was being filmed for its trace, and spinners kept Chromium drawing; both stopped since)
  // without a shorter run. E2E_WORKERS chooses another number.
  workers: e2eWorkers(),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps a screenshot of the page at its end, beside its error. E2E_TRACE=on records a trace too
    // (every action with the page's DOM before and after, the network, the console), kept for failed tests: to run
    // again a test that failed. Not by default: recording it for every test, to keep it for none of them on a
    // passing run, cost 8 % of the e2e step's CPU, in Chromium and in Playwright's workers (docs/performance.md,
    // "Test suite time"; decision 344).
    trace: process.env.E2E_TRACE === 'on' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    // The spinners stand still (src/app/styles.css): a spinning one keeps Chromium drawing 60 frames a second
    // for nobody, a tenth of a core per page. What a test checks is the words beside it.
    reducedMotion: 'reduce',
    locale: 'en-US',
    launchOptions: {
      executablePath,
      args: [...QUIET_CHROMIUM_ARGS],
    },
  },
  projects: [
    // The designers' static mock build (MSW in the page, no server).
    { name: 'chromium', use: chromium, testIgnore: ['server/**', 'designer/**'] },
    // Scenario links in the static preview, under a folder of a plain static file server.
    {
      name: 'designer-static',
      use: { ...chromium, baseURL: STATIC_PREVIEW_URL },
      testMatch: ['designer/**/*.spec.ts'],
      // Payment links are pages of the server: there is none behind the static preview.
      testIgnore: ['designer/link-scenarios.spec.ts'],
    },
    // The same links through `npm start` (the development server: Vite, sessions, the mock gateway).
    {
      name: 'designer-npm-start',
      use: { ...chromium, baseURL: DEV_SERVER_URL },
      testMatch: ['designer/scenario-links.spec.ts', 'designer/link-scenarios.spec.ts'],
    },
    // Through the real checkout server: sessions, the shopper API, the mock gateway over HTTP.
    {
      name: 'server',
      use: { ...chromium, baseURL: SERVER_ORIGIN },
      testMatch: ['server/**/*.spec.ts'],
      testIgnore: ['server/log-scan.spec.ts', 'server/console-shop-identity.spec.ts'],
    },
    // Changes the shop's identity on the one e2e server (and puts it back): alone, once every other server spec
    // has run, so none of them sees another shop's name mid-test.
    {
      name: 'server-shop-identity',
      use: { ...chromium, baseURL: SERVER_ORIGIN },
      testMatch: ['server/console-shop-identity.spec.ts'],
      dependencies: ['server'],
    },
    // Reads the server's output once every server spec has run.
    {
      name: 'server-log',
      testMatch: ['server/log-scan.spec.ts'],
      dependencies: ['server', 'server-shop-identity'],
    },
  ],
  webServer: [
    {
      // The designers' static mock build, exactly as `npm run build:mock` makes it (run-e2e.mjs built it).
      command: `npx vite preview --mode mock --outDir ${outDir} --port ${port} --strictPort`,
      url: `http://localhost:${port}`,
      // The embed tests' merchant page may frame /embed; the stranger's (port + 2) may not.
      env: { EMBED_ALLOWED_ORIGINS: MERCHANT_ORIGIN },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
    {
      // Merchant and stranger pages for the embed specs, each port its own origin (and 127.0.0.1 another site).
      command: `node scripts/serve-static.mjs e2e/embed-host ${port + 1} ${port + 2}`,
      url: `${MERCHANT_ORIGIN}/index.html`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The mock build copied under a folder of a plain static file server (run-e2e.mjs copied it there): no
      // rewrites, no headers.
      command: `node scripts/serve-static.mjs ${STATIC_HOST_ROOT} ${STATIC_HOST_PORT}`,
      url: STATIC_PREVIEW_URL,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
    {
      // `npm start` as a designer runs it: the development server with a fresh embedded database.
      command: `rm -rf ${DEV_SERVER_DATA_DIR} && npx tsx server/main.ts --dev`,
      url: `${DEV_SERVER_URL}healthz`,
      env: {
        PORT: String(DEV_SERVER_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: DEV_SERVER_DATA_DIR,
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
    {
      // The checkout server on the production build (run-e2e.mjs built it, the console in console/), as
      // `npm run serve` runs it; its whole output is kept for e2e/server/log-scan.spec.ts. A fresh DATA_DIR
      // each run (embedded PGlite).
      command: [
        `rm -rf ${SERVER_RUN_DIR} && mkdir -p ${SERVER_RUN_DIR}`,
        `(npx tsx e2e/server/start-e2e-server.ts 2>&1 | tee ${SERVER_LOG})`,
      ].join(' && '),
      url: `${SERVER_ORIGIN}/healthz`,
      env: {
        PORT: String(SERVER_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: SERVER_ORIGIN,
        DATA_DIR: `${SERVER_RUN_DIR}/data`,
        CHECKOUT_SECRET_KEY: SECRET_KEY,
        GATEWAY_TOKEN,
        SHOP_NAME: 'Loja Exemplo',
        // A fake ViaCEP of e2e/server/start-e2e-server.ts: the real provider path, never the internet.
        CEP_PROVIDER: `http://127.0.0.1:${PAYER_BANK_PORT}/ws/{cep}/json/`,
        // The merchants' webhook receivers of the specs listen on loopback: allowed as an operator allows a
        // service on the shop's network (everything else must be public; docs/decisions/280-webhook-egress-policy.md).
        WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
  ],
});
