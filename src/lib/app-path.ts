/**
 * Where the app lives. The server (`npm start`, `npm run serve`) serves it at `/`; the designers' static
 * preview (`npm run build:mock`, built with `base: './'`) may sit under any folder of any static host
 * (`https://host/review/`), and its deep pages are real folders (`3ds/return/index.html`): a static host
 * answers `…/3ds/return` by redirecting to `…/3ds/return/` (nginx, Apache, GitHub Pages, S3, Netlify,
 * scripts/serve-static.mjs), so it needs no rewrite rules. Outside the mock build `STATIC_PREVIEW` is the
 * constant `false`. Callers write the test themselves, `import.meta.env.BASE_URL === './' ? appHref(p) : p`:
 * Vite replaces it with a literal the bundler folds before it splits chunks, so a production bundle keeps
 * neither these helpers nor an export for them (an imported constant is folded only later, by the
 * minifier, and left an identity function in the first load).
 */
const STATIC_PREVIEW = import.meta.env.BASE_URL === './';

/**
 * The app's folder as a path ending in `/`. In the preview every script lives in `assets/`, one below it,
 * whichever page (folder depth) loaded it.
 */
function basePath(): string {
  return STATIC_PREVIEW ? new URL(/* @vite-ignore */ '../', import.meta.url).pathname : '/';
}

/** A page's path inside the app (`/`, `/simulator`, `/3ds/return`) from the browser's pathname. */
export function appPathOf(pathname: string): string {
  if (!STATIC_PREVIEW) return pathname;
  const base = basePath();
  const inside = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\//, '');
  return `/${inside.replace(/(^|\/)index\.html$/, '').replace(/\/$/, '')}`;
}

/** The browser's href of an app path (`/simulator?lang=en`), query and hash kept. */
export function appHref(path: string): string {
  if (!STATIC_PREVIEW) return path;
  const at = path.search(/[?#]/);
  const page = (at < 0 ? path : path.slice(0, at)).replace(/^\//, '');
  const rest = at < 0 ? '' : path.slice(at);
  return `${basePath()}${page}${rest}`;
}

/** The app's root as an absolute URL (`http://host/review/`), for URLs other sites send the shopper to. */
export function appRootUrl(): string {
  return new URL(basePath(), window.location.origin).href;
}
