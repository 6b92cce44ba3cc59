import { cpSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/**
 * `npm run build` also compiles the server (server/main.ts and what it imports: contract/, mock-core/)
 * into one ES module, dist-server/main.js, so `npm run serve` runs on plain Node without tsx (a dev
 * dependency). Packages stay external (node_modules is there in production); Vite, imported only by
 * the development path, is never loaded.
 */
function copyMigrations(): Plugin {
  let outDir = 'dist-server';
  return {
    name: 'copy-migrations',
    configResolved(config) {
      // The tests build the same bundle into a folder of their own (scripts/vitest-global-setup.ts).
      outDir = config.build.outDir;
    },
    closeBundle() {
      // server/db/migrate.ts finds its SQL next to itself: next to main.js once bundled.
      cpSync('server/db/migrations', `${outDir}/migrations`, { recursive: true });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [copyMigrations()],
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // Chunks beside main.js, not in assets/: server/db/migrate.ts finds ./migrations next to the chunk that
      // holds it, and PGlite's code is a chunk of its own, loaded only without DATABASE_URL (open-pglite.ts).
      output: { chunkFileNames: '[name]-[hash].js' },
    },
  },
});
