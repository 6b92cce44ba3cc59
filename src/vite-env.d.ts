/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Base URL of the gateway as the browser sees it; default same-origin `/api` (docs/operators/settings.md).
   */
  readonly VITE_API_BASE_URL?: string;
  /** Origins allowed to embed /embed, from EMBED_ALLOWED_ORIGINS at build time (vite.config.ts). */
  readonly VITE_EMBED_ALLOWED_ORIGINS?: string;
  /** IANA zone of the gateway's local times (`pix_expiration_date`); default America/Sao_Paulo. */
  readonly VITE_GATEWAY_TIME_ZONE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
