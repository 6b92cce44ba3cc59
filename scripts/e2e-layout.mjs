// Where an e2e run puts its builds: folders named by the run's ports, so runs on other ports (two
// checkouts side by side) never share one. scripts/run-e2e.mjs builds into them once; playwright.config.ts
// and the e2e origins files (e2e/server-origins.ts, e2e/designer-origins.ts) only serve them.

/** The designers' static mock build (`npm run build:mock`), served by `vite preview`. */
export function mockBuildDir(checkoutPort) {
  return `.e2e-dist/${checkoutPort}`;
}

/** The folder the preview is copied to on the plain static host, as a reviewer would upload it. */
export const STATIC_FOLDER = 'review';

/** The plain static host's root; the mock build is copied under STATIC_FOLDER in it. */
export function staticHostRoot(staticHostPort) {
  return `.e2e-dist/static-host-${staticHostPort}`;
}

/** The production build (`npm run build`: the shopper app, the console in console/) the server serves. */
export function serverBuildDir(serverPort) {
  return `.e2e-dist/server-${serverPort}`;
}

/** A port from the environment; without it, a clear failure rather than a fixed default some other run may hold. */
export function portFromEnv(name) {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(
      `${name} is not set: run the e2e suite with \`npm run test:e2e\` (scripts/run-e2e.mjs), which picks free ports and builds the app once.`,
    );
  }
  return value;
}
