import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consolePageHtml } from './console-preloads.ts';

const HTML =
  '<html><head><script type="module" src="/console/assets/console-1.js"></script></head><body></body></html>';
const dir = mkdtempSync(join(tmpdir(), 'console-preloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withManifest(manifest: unknown): string {
  const consoleDir = mkdtempSync(join(dir, 'build-'));
  mkdirSync(join(consoleDir, '.vite'));
  writeFileSync(join(consoleDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return consoleDir;
}

const MANIFEST = {
  'console.html': { file: 'assets/console-1.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-2.js' },
  'src/console/payments/payments-page.tsx': {
    file: 'assets/payments-page-3.js',
    imports: ['_shared.js', '_money.js'],
    css: ['assets/payments-4.css'],
  },
  '_money.js': { file: 'assets/money-5.js' },
  'src/console/home/home-page.tsx': { file: 'assets/home-page-6.js', imports: ['_money.js'] },
};

describe('consolePageHtml', () => {
  it("preloads who is logged in and the page's own chunks, not what the entry already loads", async () => {
    const htmlFor = await consolePageHtml(withManifest(MANIFEST), HTML);
    const html = htmlFor('/console/payments', '');
    expect(html).toContain(
      '<link rel="preload" href="/api/console/me" as="fetch" crossorigin="use-credentials">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/console/assets/payments-page-3.js">',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/console/assets/money-5.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/console/assets/payments-4.css">');
    expect(html).not.toContain('shared-2.js');
    expect(html).not.toContain('home-page');
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf('payments-page-3.js'));
    // The home page and an unknown address get their own (or no) chunks.
    expect(htmlFor('/console', '')).toContain('home-page-6.js');
    expect(htmlFor('/console/nothing-here', '')).not.toContain('modulepreload');
  });

  it("preloads the list's first page for the address's filters, on the list page only", async () => {
    const htmlFor = await consolePageHtml(withManifest(MANIFEST), HTML);
    expect(htmlFor('/console/payments', '')).toContain(
      '<link rel="preload" href="/api/console/payments" as="fetch" crossorigin="use-credentials">',
    );
    // The same URL the page asks for (paymentsListPath), escaped for the attribute; a quote cannot end it.
    const filtered = htmlFor('/console/payments', '?status=paid&q=a%22b%3Cc&method=pix');
    expect(filtered).toContain(
      '<link rel="preload" href="/api/console/payments?status=paid&#38;q=a%22b%3Cc&#38;method=pix" as="fetch" crossorigin="use-credentials">',
    );
    expect(htmlFor('/console/payments', '?q="><script>')).not.toContain('<script>');
    // The cached page keeps no list of an earlier address.
    expect(htmlFor('/console/payments', '')).not.toContain('status=paid');
    expect(htmlFor('/console', '')).not.toContain('/api/console/payments');
    expect(htmlFor('/console/payments/pay_1', '')).not.toContain('/api/console/payments');
  });

  it('still preloads who is logged in without a manifest (a build without one, or an unreadable one)', async () => {
    const missing = await consolePageHtml(join(dir, 'no-such-build'), HTML);
    expect(missing('/console/payments', '')).toContain('href="/api/console/me"');
    expect(missing('/console/payments', '')).not.toContain('modulepreload');
    const broken = await consolePageHtml(withManifest({ 'console.html': { file: 42 } }), HTML);
    expect(broken('/console/payments', '')).not.toContain('modulepreload');
  });
});
