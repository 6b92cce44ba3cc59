import * as z from 'zod/mini';

/**
 * Who the shopper pays: the shop's name, colour and support contact. The server has its own
 * (SHOP_NAME, SHOP_BRAND_COLOR, SHOP_SUPPORT, SHOP_LOGO_PATH); a session may override the first three
 * (`shop` in the session request), e.g. one checkout server for several brands. The logo is the server's
 * only: it is served by the checkout itself, never fetched from a third party.
 */
export const shopNameSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(60),
  // Shown in a header, a title and a bank page: one line of text, no control characters.
  z.refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters'),
);
export const brandColorSchema = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb'));
/** An e-mail address or an https: URL, shown as a link on the shopper's pages. */
export const supportContactSchema = z.string().check(
  z.trim(),
  z.maxLength(200),
  z.refine(
    (value) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value) || /^https:\/\/[^\s<>"]+$/.test(value),
    'must be an e-mail address or an https: URL',
  ),
);

/** The session's override (`shop` in `POST /api/v1/checkout-sessions`). */
export const sessionShopSchema = z.strictObject({
  name: z.optional(shopNameSchema),
  brand_color: z.optional(brandColorSchema),
  support: z.optional(supportContactSchema),
});
export type SessionShop = z.infer<typeof sessionShopSchema>;

/** What the page shows (page-data.ts `shop`): the colour already made readable by the server. */
export const pageShopSchema = z.object({
  name: z.optional(shopNameSchema),
  /** Buttons and links on white: at least 4.5:1 against white (the server darkens a lighter colour). */
  brand_color: z.optional(brandColorSchema),
  support: z.optional(supportContactSchema),
  /** Served by the checkout (`/shop/logo?v=…`), with its size so the header does not move when it loads. */
  logo: z.optional(
    z.object({
      src: z.string().check(z.regex(/^\/shop\/logo\?v=[A-Za-z0-9_-]+$/)),
      width: z.int().check(z.positive()),
      height: z.int().check(z.positive()),
    }),
  ),
});
export type PageShop = z.infer<typeof pageShopSchema>;
