import * as z from 'zod/mini';
import { pageShopSchema } from './shop-identity.ts';

/**
 * Data the checkout server writes into the HTML it serves, as non-executable JSON blocks
 * (`<script type="application/json" id="…">`), so the first paint needs no extra round trip. The static
 * designer preview (`build:mock`) has no server and so carries neither block.
 */

/** The session of `/pay/{id}` and `/embed?session={id}`: a `PublicSession`, or `null` when unknown. */
export const SESSION_ELEMENT_ID = 'checkout-session';

/** On every page the server serves, whatever the path. */
export const CONFIG_ELEMENT_ID = 'checkout-config';

export const pageConfigSchema = z.object({
  /**
   * `production` (`npm run serve`) or `development` (`npm start`). Either way orders come only from
   * sessions: a URL-parameter order (`/?amount=…`) is refused ("ask the shop for a new link").
   */
  mode: z.enum(['production', 'development']),
  /** Always `session` when the server serves the page; the static mock build has no config at all. */
  orders: z.literal('session'),
  /**
   * The shop's identity (contract/shop-identity.ts): the server's settings with the session's override on
   * a session page. Absent: the header says "Checkout" in the app's colours.
   */
  shop: z.optional(pageShopSchema),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;
