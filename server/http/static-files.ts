import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.map',
  '.txt',
  '.svg',
]);

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Vite names everything under /assets/ by content hash, so a browser may keep it for a year; anything
 * else (HTML, embed.js, the favicon) is revalidated, so a deploy reaches every shopper and every shop's
 * embed at once.
 */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/assets/') || pathname.startsWith('/console/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * The file a URL path names inside `root`, or null: undecodable paths, `..`, backslashes, NUL bytes and
 * dot-files (dist/.vite/manifest.json) never leave or widen the folder.
 */
export function safeFilePath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  const file = resolve(root, ...segments);
  return file.startsWith(root + sep) ? file : null;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts: brotli, then gzip (an explicit `q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

export interface StaticFile {
  type: string;
  etag: string;
  compressible: boolean;
  /** The body in one encoding; compressed once, on first use, off the event loop, then kept. */
  body(encoding: Encoding): Promise<Uint8Array<ArrayBuffer>>;
}

export interface StaticFiles {
  /** The file for a URL path, or null when there is none (or the path is refused). */
  find(pathname: string): Promise<StaticFile | null>;
}

/**
 * Serves a production build from memory: `dist/` is a few hundred kB and does not change while a
 * server runs (a deploy restarts it), so each file is read and compressed once.
 */
export function createStaticFiles(folder: string): StaticFiles {
  const root = resolve(folder);
  const cache = new Map<string, Promise<StaticFile | null>>();

  async function load(file: string): Promise<StaticFile | null> {
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch {
      return null;
    }
    const raw = await readFile(file);
    const compressible = COMPRESSIBLE.has(extname(file).toLowerCase());
    // Copied once into plain ArrayBuffers: what a Response body takes without another copy per request.
    const own = (buffer: Buffer) => Uint8Array.from(buffer);
    const variants = new Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>([
      ['identity', Promise.resolve(own(raw))],
    ]);
    return {
      type: contentTypeFor(file),
      etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
      compressible,
      body(encoding) {
        const wanted: Encoding = compressible ? encoding : 'identity';
        let variant = variants.get(wanted);
        if (!variant) {
          variant = (
            wanted === 'br'
              ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
              : gzipAsync(raw, { level: 9 })
          ).then(own);
          variants.set(wanted, variant);
        }
        return variant;
      },
    };
  }

  return {
    find(pathname) {
      const file = safeFilePath(root, pathname);
      if (!file) return Promise.resolve(null);
      let entry = cache.get(file);
      if (!entry) {
        entry = load(file);
        // Only found files stay: a missing path must not grow the map without bound.
        void entry.then((found) => {
          if (!found) cache.delete(file);
        });
        cache.set(file, entry);
      }
      return entry;
    },
  };
}
