import { Hono, type Context } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { currentShopLogo } from '../shop/current-shop.ts';
import { shopIcon } from '../shop/shop-icon.ts';

/** An image of the shop's: shown, never run (`nosniff`, no script even if a browser opened it as a page). */
function image(c: Context, bytes: Uint8Array, type: string, cache: string): Response {
  c.header('Content-Type', type);
  c.header('Cache-Control', cache);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'");
  c.header('Content-Length', String(bytes.length));
  return c.body(new Uint8Array(bytes));
}

/**
 * The shop's logo (`/shop/logo?v={hash}`) and icon (`/favicon.ico`), the console's or SHOP_LOGO_PATH's. The
 * logo's URL carries its hash: the current version is cached for good; an old URL gets the current logo
 * for a short while (a page loaded before the change).
 */
export function shopFileRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();

  routes.get('/shop/logo', async (c) => {
    const logo = await currentShopLogo(deps);
    if (!logo) {
      c.header('Cache-Control', 'no-cache');
      return c.text('Not found', 404);
    }
    const current = c.req.query('v') === logo.version;
    return image(
      c,
      logo.bytes,
      logo.type,
      current ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
    );
  });

  // Browsers ask for it on every page without an icon of their own (the link pages name it with a version).
  routes.get('/favicon.ico', async (c) => {
    const icon = await shopIcon(deps);
    return image(c, icon.bytes, icon.type, 'public, max-age=3600');
  });

  return routes;
}
