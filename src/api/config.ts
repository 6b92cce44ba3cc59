import { API_BASE_URL_SETTING } from '../lib/build-env.ts';

/** Same-origin by default: the merchant's backend or our proxy adds the secret token (DESIGN.md). */
export const API_BASE_URL: string = (API_BASE_URL_SETTING || '/api').replace(/\/$/, '');

export const DEFAULT_TIMEOUT_MS = 30_000;
