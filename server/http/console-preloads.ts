import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { CONSOLE_API_BASE } from '../../contract/console/console-auth.ts';
import { consolePageModule, paymentsListPath, routeOf } from '../../contract/console/console-routes.ts';

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
 *   (src/console/common/console-api.ts), so its answer is there when the app's code has run;
 * - `<link rel="modulepreload">` (and stylesheet) tags for that page's own chunks, read from the build's manifest
 *   (dist/console/.vite/manifest.json), fetched beside the app's main chunk instead of after it has run.
 * - on the payments list, `<link rel="preload">` of the list's first page for the address's filters, the URL the
 *   page asks for (paymentsListPath), so the list is on its way beside the app's code rather than after it has run
 *   and learnt who is logged in. The page request carries no console cookie (its Path is the API's), so the HTML
 *   cannot know whether someone is logged in: without a session both preloads are answered 401 and go unused.
 * The console's first paint is then the page (src/console/app/main.tsx waits for the first two). Without a manifest
 * the chunks are left out.
 */
export async function consolePageHtml(
  consoleDir: string,
  html: string,
): Promise<(pathname: string, search: string) => string> {
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
  return (pathname, search) => {
    const route = routeOf(pathname, search);
    const { page } = route;
    const list =
      route.page === 'payments'
        ? `<link rel="preload" href="${escapeAttribute(`${CONSOLE_API_BASE}${paymentsListPath(route.query)}`)}" as="fetch" crossorigin="use-credentials">`
        : '';
    const cached = pages.get(page);
    if (cached !== undefined) return withList(cached, list);
    const tags = [
      `<link rel="preload" href="${CONSOLE_API_BASE}/me" as="fetch" crossorigin="use-credentials">`,
    ];
    const module = consolePageModule(page);
    for (const key of module === null ? [] : closure(manifest, module)) {
      if (loaded.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) continue;
      tags.push(`<link rel="modulepreload" crossorigin href="/console/${chunk.file}">`);
      for (const css of chunk.css ?? [])
        tags.push(`<link rel="stylesheet" crossorigin href="/console/${css}">`);
    }
    const result = html.replace('</head>', `${tags.join('')}</head>`);
    pages.set(page, result);
    return withList(result, list);
  };
}

function withList(html: string, list: string): string {
  return list ? html.replace('</head>', `${list}</head>`) : html;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
