import { API_BASE_URL_SETTING } from '../lib/build-env.ts';

/** Same-origin by default: the checkout server adds the secret token (docs/gateway-api.md §5). */
export const API_BASE_URL: string = (API_BASE_URL_SETTING || '/api').replace(/\/$/, '');

export const DEFAULT_TIMEOUT_MS = 30_000;
