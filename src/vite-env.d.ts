/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the gateway as the browser sees it; default same-origin `/api` (DESIGN.md). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
