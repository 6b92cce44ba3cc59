import { resolve } from 'node:path';
import { build, type InlineConfig, type Plugin } from 'vite';

/** The merchants' loader: a classic script with no React, built apart from the app (3 KB budget). */
export const EMBED_LOADER_ENTRY = 'src/features/embed/loader/embed-loader.ts';
export const EMBED_LOADER_FILE = 'embed.js';

function loaderBuild(root: string, outDir: string, write: boolean): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      write,
      target: 'es2020',
      minify: true,
      reportCompressedSize: false,
      lib: {
        entry: resolve(root, EMBED_LOADER_ENTRY),
        formats: ['iife'],
        name: 'MerchantCheckoutLoader',
        fileName: () => EMBED_LOADER_FILE,
      },
    },
  };
}

async function loaderCode(root: string): Promise<string> {
  const output = await build(loaderBuild(root, 'embed-dev', false));
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.fileName === EMBED_LOADER_FILE);
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error('embed loader: the build produced no embed.js');
}

/**
 * Every `vite build` (app, mock, e2e, size, lighthouse) also writes `embed.js`, unhashed, next to the app,
 * so merchants' script tags never change; the dev server builds it on request.
 */
export function embedLoader(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let isBuild = false;
  return {
    name: 'embed-loader',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      isBuild = config.command === 'build';
    },
    configureServer(server) {
      server.middlewares.use(`/${EMBED_LOADER_FILE}`, (_req, res, next) => {
        loaderCode(root).then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async closeBundle() {
      if (!isBuild) return;
      await build(loaderBuild(root, resolve(root, outDir), true));
    },
  };
}
