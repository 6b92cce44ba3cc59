/** Same-origin by default: the merchant's backend or our proxy adds the secret token (DESIGN.md). */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL || '/api').replace(/\/$/, '');

export const DEFAULT_TIMEOUT_MS = 30_000;
