import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATIC_FOLDER, staticHostRoot } from '../scripts/e2e-layout.mjs';
import { CHECKOUT_PORT } from './embed-origins.ts';
import { SERVER_PORT } from './server-origins.ts';

/**
 * The designers' two ways to open a state from a link (e2e/designer/*.spec.ts), each on ports of this
 * run's own: the static preview (`npm run build:mock`) under a folder of a plain static file server
 * (scripts/serve-static.mjs, no rewrites), and `npm start`'s development server (Vite, mock gateway).
 */
export const STATIC_HOST_PORT = CHECKOUT_PORT + 3;
/** Where run-e2e.mjs copied the preview: under STATIC_FOLDER, as a reviewer would upload it. */
export const STATIC_HOST_ROOT = staticHostRoot(STATIC_HOST_PORT);
export const STATIC_PREVIEW_URL = `http://localhost:${STATIC_HOST_PORT}/${STATIC_FOLDER}/`;

export const DEV_SERVER_PORT = SERVER_PORT + 2;
export const DEV_SERVER_URL = `http://localhost:${DEV_SERVER_PORT}/`;
export const DEV_SERVER_DATA_DIR = join(tmpdir(), `checkout-e2e-dev-${DEV_SERVER_PORT}`);
