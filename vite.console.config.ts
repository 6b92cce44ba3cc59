import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The merchant console (`/console`) is a build of its own: its entry (console.html → src/console/app/main.tsx)
 * and chunks go to dist/console/, so nothing of it can join the checkout's first load — the checkout's
 * build (vite.config.ts) does not even see it. `npm run build` runs this after the checkout's build,
 * whose empty-out would otherwise remove it. In development the server's Vite serves console.html itself
 * (server/http/vite-dev.ts).
 */
export default defineConfig({
  plugins: [react()],
  base: '/console/',
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // The server reads it to preload a page's chunks in the HTML (server/http/console-preloads.ts).
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: 'console.html' },
  },
});
