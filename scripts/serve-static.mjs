#!/usr/bin/env node
// A plain static file server, as any static host is: serves one folder, read-only, on one or more ports
// (each port is another origin) — a merchant's site for the embed, or the designers' preview under a
// folder. No rewrites: a folder is its index.html, and a folder named without its slash is redirected
// to it (as nginx, Apache and most hosts do). Usage: node scripts/serve-static.mjs <folder> <port> [port…]
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const [folder, ...ports] = process.argv.slice(2);
if (!folder || ports.length === 0) {
  console.error('usage: node scripts/serve-static.mjs <folder> <port> [port…]');
  process.exit(1);
}
const root = resolve(folder);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

/** `{ file }` to serve, `{ redirect }` for a folder asked without its slash, or undefined (404). */
function fileFor(url) {
  const parsed = new URL(url, 'http://x');
  const path = decodeURIComponent(parsed.pathname);
  const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
  // Never outside the folder, whatever `..` the request tries.
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    const stat = statSync(file);
    if (stat.isFile()) return { file };
    if (stat.isDirectory()) return { redirect: `${parsed.pathname}/${parsed.search}` };
    return undefined;
  } catch {
    return undefined;
  }
}

for (const port of ports) {
  createServer((req, res) => {
    const found = fileFor(req.url ?? '/');
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    if (found.redirect) {
      res.writeHead(301, { Location: found.redirect }).end();
      return;
    }
    const { file } = found;
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    createReadStream(file).pipe(res);
  }).listen(Number(port), () => console.log(`serving ${root} on http://localhost:${port}`));
}
