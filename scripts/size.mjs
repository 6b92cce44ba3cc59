#!/usr/bin/env node
// Builds the production bundle and reports, per route, the initial JS+CSS (raw, gzip, brotli) and the lazy
// chunks. Fails when a budget is exceeded or when mock code or a token reaches the production build.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const OUT = 'dist';
const KB = 1000;
export const BUDGETS = { checkoutInitialGzip: 100 * KB, embedLoaderGzip: 3 * KB };
/** What src/app/prefetch.ts loads on the first interaction, plus the result screen. */
const CARD_PAYMENT_CHUNKS = [
  'card-brand',
  'card-form-resolver',
  'card-request',
  'transactions',
  'query-boundary',
  'payment-result',
];

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--outDir', OUT, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const manifest = JSON.parse(readFileSync(join(OUT, '.vite/manifest.json'), 'utf8'));

function sizes(file) {
  const bytes = readFileSync(join(OUT, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** A chunk and everything it imports statically: what the browser fetches before the code can run. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

function filesOf(keys) {
  const files = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files];
}

function total(files) {
  return files
    .map(sizes)
    .reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), {
      raw: 0,
      gzip: 0,
      brotli: 0,
    });
}

const fmt = (n) => `${(n / KB).toFixed(1).padStart(6)} kB`;
const row = (label, s) => `  ${label.padEnd(44)} ${fmt(s.raw)} raw ${fmt(s.gzip)} gzip ${fmt(s.brotli)} br`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('no index.html entry in the manifest');
const initialKeys = closure(entryKey);
const initial = total(filesOf(initialKeys));
const failures = [];

console.log('\nCheckout route (/), initial JS+CSS:');
for (const file of filesOf(initialKeys)) console.log(row(file, sizes(file)));
console.log(row('TOTAL initial', initial));
if (initial.gzip > BUDGETS.checkoutInitialGzip) {
  failures.push(
    `checkout initial ${fmt(initial.gzip)} gzip > budget ${fmt(BUDGETS.checkoutInitialGzip)} (${initial.gzip - BUDGETS.checkoutInitialGzip} bytes over)`,
  );
}

console.log('\nLazy chunks (loaded on demand; each with what it adds beyond the initial load):');
const lazyKeys = new Set(
  Object.values(manifest)
    .flatMap((chunk) => chunk.dynamicImports ?? [])
    .filter((key) => !manifest[key]?.isEntry),
);
for (const key of [...lazyKeys].sort()) {
  const added = [...closure(key)].filter((k) => !initialKeys.has(k));
  console.log(row(`${manifest[key].name ?? key} (${key})`, total(filesOf(added))));
}

// Honest total: everything a shopper downloads by the end of an approved card payment.
const cardPaymentKeys = new Set(initialKeys);
for (const key of [...lazyKeys].filter((k) => CARD_PAYMENT_CHUNKS.some((name) => k.includes(name)))) {
  for (const k of closure(key)) cardPaymentKeys.add(k);
}
console.log('\nA whole card payment (initial + what the first tap loads + the result screen):');
console.log(row('TOTAL card payment', total(filesOf(cardPaymentKeys))));

const loader = join(OUT, 'embed.js');
if (existsSync(loader)) {
  const s = sizes('embed.js');
  console.log(`\nEmbed loader:\n${row('embed.js', s)}`);
  if (s.gzip > BUDGETS.embedLoaderGzip)
    failures.push(`embed.js ${fmt(s.gzip)} gzip > ${fmt(BUDGETS.embedLoaderGzip)}`);
}

// The production build must hold no mock gateway and no secret.
const forbidden = [
  'mockServiceWorker',
  'mock-gateway:',
  '4000000000000002',
  'Mock gateway',
  'Bearer ',
  ...(process.env.GATEWAY_TOKEN ? [process.env.GATEWAY_TOKEN] : []),
];
const allFiles = readdirSync(OUT, { recursive: true }).filter((f) => /\.(js|css|html|json)$/.test(String(f)));
for (const file of allFiles) {
  const text = readFileSync(join(OUT, String(file)), 'utf8');
  for (const needle of forbidden) {
    if (text.includes(needle))
      failures.push(`${file} contains "${needle}" (mock code or a secret in production)`);
  }
}

if (failures.length > 0) {
  console.error(`\nsize: FAILED\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  // Exact bytes too: near the budget, "100.0 kB" does not say how much room is left.
  `\nsize: OK (checkout initial ${fmt(initial.gzip)} gzip ≤ ${fmt(BUDGETS.checkoutInitialGzip)}, ` +
    `${BUDGETS.checkoutInitialGzip - initial.gzip} bytes to spare; no mock code, no token)`,
);
