import { defineConfig, devices } from '@playwright/test';
import { CHECKOUT_PORT, MERCHANT_ORIGIN } from './e2e/embed-origins.ts';

/** Several worktrees or helpers may run the suite at once: each picks its own port and build folder. */
const port = Number(process.env.E2E_PORT ?? 4310);
const outDir = `.e2e-dist/${port}`;
const executablePath = process.env.CHROMIUM_PATH || undefined;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // The designers' static mock build, exactly as `npm run build:mock` makes it.
      command: `npx vite build --mode mock --outDir ${outDir} --emptyOutDir && npx vite preview --mode mock --outDir ${outDir} --port ${port} --strictPort`,
      url: `http://localhost:${port}`,
      // The embed tests' merchant page may frame /embed; the stranger's (port + 2) may not.
      env: { EMBED_ALLOWED_ORIGINS: MERCHANT_ORIGIN },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
    {
      // Merchant and stranger pages for e2e/embed.spec.ts, each port its own origin.
      command: `node scripts/serve-static.mjs e2e/embed-host ${CHECKOUT_PORT + 1} ${CHECKOUT_PORT + 2}`,
      url: `${MERCHANT_ORIGIN}/index.html`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
