import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { CONSOLE_API_BASE } from '../../contract/console/console-auth.ts';
import { routeOf } from '../../contract/console/console-routes.ts';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The console's HTML for a page of it: the production entry plus
 * - `<link rel="preload">` of `GET /api/console/me` (who is logged in), credentials included as the app asks it
 *   (src/console/console-api.ts), so its answer is there when the app's code has run;
 * - `<link rel="modulepreload">` (and stylesheet) tags for that page's own chunks, read from the build's manifest
 *   (dist/console/.vite/manifest.json), fetched beside the app's main chunk instead of after it has run.
 * The console's first paint is then the page (src/console/main.tsx waits for both). Without a manifest only the
 * first is added.
 */
export async function consolePageHtml(
  consoleDir: string,
  html: string,
): Promise<(pathname: string) => string> {
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(
      JSON.parse(await readFile(join(consoleDir, '.vite', 'manifest.json'), 'utf8')),
    );
  } catch {
    manifest = {};
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const pages = new Map<string, string>();
  return (pathname) => {
    const { page } = routeOf(pathname, '');
    const cached = pages.get(page);
    if (cached !== undefined) return cached;
    const tags = [
      `<link rel="preload" href="${CONSOLE_API_BASE}/me" as="fetch" crossorigin="use-credentials">`,
    ];
    for (const key of closure(manifest, `src/console/${page}-page.tsx`)) {
      if (loaded.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) continue;
      tags.push(`<link rel="modulepreload" crossorigin href="/console/${chunk.file}">`);
      for (const css of chunk.css ?? [])
        tags.push(`<link rel="stylesheet" crossorigin href="/console/${css}">`);
    }
    const result = html.replace('</head>', `${tags.join('')}</head>`);
    pages.set(page, result);
    return result;
  };
}
