/**
 * Every value a build bakes into the browser app from the environment (Vite's `import.meta.env`), read
 * here and nowhere else; declared in src/vite-env.d.ts. The server reads its own in server/env.ts.
 */

/**
 * Base URL of the gateway as the browser sees it; default same-origin `/api` (docs/operators/settings.md).
 */
export const API_BASE_URL_SETTING: string | undefined = import.meta.env.VITE_API_BASE_URL;

/** The zone in which the gateway writes local times (pix_expiration_date); unset: Sao Paulo. */
export const GATEWAY_TIME_ZONE_SETTING: string | undefined = import.meta.env.VITE_GATEWAY_TIME_ZONE;

/** Origins allowed to embed /embed: EMBED_ALLOWED_ORIGINS, checked and normalised by vite.config.ts. */
export const EMBED_ALLOWED_ORIGINS_SETTING: string | undefined = import.meta.env.VITE_EMBED_ALLOWED_ORIGINS;
