#!/usr/bin/env node
// A merchant's site for trying the embed: serves one folder, read-only, on one or more ports (each port
// is another origin). Usage: node scripts/serve-static.mjs <folder> <port> [port…]
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
};

function fileFor(url) {
  const path = decodeURIComponent(new URL(url, 'http://x').pathname);
  const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
  // Never outside the folder, whatever `..` the request tries.
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

for (const port of ports) {
  createServer((req, res) => {
    const file = fileFor(req.url ?? '/');
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    createReadStream(file).pipe(res);
  }).listen(Number(port), () => console.log(`serving ${root} on http://localhost:${port}`));
}
