import * as z from 'zod/mini';
import { LOCALES } from '../order-values.ts';
import { brandColorSchema, shopNameSchema, supportContactSchema } from '../shop-identity.ts';

/**
 * The shop's identity in the console (Settings, owners; docs/merchants/console.md): what the shopper's pages
 * show. Each field set here overrides its SHOP_* setting; null gives the setting back.
 */

/** The logo's types (checked by the file's first bytes, not its name): SVG is refused, it can carry script. */
export const SHOP_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** At most this many bytes: the header shows it 32 px tall, no phone should pay for more. */
export const SHOP_LOGO_MAX_BYTES = 64 * 1024;

const logoSchema = z.object({
  /** `/shop/logo?v=…`: the version is the file's hash, so the URL changes with the file. */
  src: z.string(),
  width: z.int(),
  height: z.int(),
});

/** `GET /api/console/shop`. */
export const consoleShopIdentitySchema = z.object({
  /** What the console set (null: the SHOP_* setting, in `defaults`, applies). */
  name: z.nullable(z.string()),
  brand_color: z.nullable(z.string()),
  support: z.nullable(z.string()),
  default_locale: z.enum(LOCALES),
  /** The colour the pages use: the chosen one, darkened when white text on it would not pass AA (4.5:1). */
  brand_color_shown: z.nullable(z.string()),
  /** The logo shown, the console's or SHOP_LOGO_PATH's; `logo_set` says whether the console's. */
  logo: z.nullable(logoSchema),
  logo_set: z.boolean(),
  defaults: z.object({
    name: z.nullable(z.string()),
    brand_color: z.nullable(z.string()),
    support: z.nullable(z.string()),
  }),
  updated_at: z.nullable(z.string()),
});
export type ConsoleShopIdentity = z.infer<typeof consoleShopIdentitySchema>;

/** `PUT /api/console/shop`: the whole identity; a null field goes back to its SHOP_* setting. */
export const consoleShopIdentityRequestSchema = z.strictObject({
  name: z.nullable(shopNameSchema),
  brand_color: z.nullable(brandColorSchema),
  support: z.nullable(supportContactSchema),
  default_locale: z.enum(LOCALES),
});
export type ConsoleShopIdentityRequest = z.infer<typeof consoleShopIdentityRequestSchema>;

/** `GET /api/console/brand`, before log-in too: the console's header and login page. */
export const consoleBrandSchema = z.object({
  name: z.nullable(z.string()),
  logo: z.nullable(logoSchema),
});
export type ConsoleBrand = z.infer<typeof consoleBrandSchema>;
