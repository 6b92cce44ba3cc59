import { RANDOM_ID_PATTERN } from '../../../contract/random-id.ts';
import * as z from 'zod/mini';
import { publicOrderSchema } from '../../../contract/checkout-session.ts';
import { EMBED_PROTOCOL_VERSION, EMBED_SOURCE } from '../../../contract/embed-protocol.ts';

/**
 * Every message is tagged with our source, the protocol version and the instance id, so messages of
 * other scripts on the host page and of a second checkout on the same page are told apart.
 */
const envelope = {
  source: z.literal(EMBED_SOURCE),
  version: z.literal(EMBED_PROTOCOL_VERSION),
  instance: z.string().check(z.regex(RANDOM_ID_PATTERN)),
};

/** A colour as CSS writes it: hex, rgb()/hsl() with plain numbers, or a keyword. Nothing else reaches a style. */
const cssColor = z
  .string()
  .check(
    z.maxLength(64),
    z.regex(/^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\)|[a-zA-Z]{3,20})$/),
  );
/** A length: a number with a unit, or zero. */
const cssLength = z.string().check(z.maxLength(16), z.regex(/^(0|\d{1,4}(\.\d{1,3})?(px|rem|em))$/));
/** A font-family list: names, quotes, commas, spaces and hyphens only (no `;`, `{`, `url(`). */
const cssFont = z.string().check(z.maxLength(200), z.regex(/^[\w\s,'"-]+$/));

export const themeSchema = z.object({
  mode: z.optional(z.enum(['light', 'dark'])),
  colors: z.optional(
    z.object({
      primary: z.optional(cssColor),
      primaryText: z.optional(cssColor),
      background: z.optional(cssColor),
      surface: z.optional(cssColor),
      text: z.optional(cssColor),
      muted: z.optional(cssColor),
      border: z.optional(cssColor),
      error: z.optional(cssColor),
      focus: z.optional(cssColor),
    }),
  ),
  radius: z.optional(cssLength),
  spacing: z.optional(cssLength),
  font: z.optional(cssFont),
});
export type EmbedTheme = z.infer<typeof themeSchema>;

// ── host → checkout ─────────────────────────────────────────────────────────────────────────────

export const initMessageSchema = z.object({
  ...envelope,
  type: z.literal('init'),
  /** The designer preview's order; absent (and ignored) when the checkout shows a session. */
  order: z.optional(publicOrderSchema),
  theme: z.optional(themeSchema),
});

export const themeMessageSchema = z.object({
  ...envelope,
  type: z.literal('theme'),
  theme: themeSchema,
});

export const hostMessageSchema = z.discriminatedUnion('type', [initMessageSchema, themeMessageSchema]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

// ── checkout → host ─────────────────────────────────────────────────────────────────────────────

/** What the host may learn about a payment: its id, status and amount (cents), never card data. */
const outcome = {
  transactionId: z.int().check(z.positive()),
  status: z.string().check(z.minLength(1), z.maxLength(40)),
  amount: z.int().check(z.nonnegative()),
};

export const EMBED_ERROR_CODES = ['invalid_order', 'origin_not_allowed', 'redirect_blocked'] as const;
export type EmbedErrorCode = (typeof EMBED_ERROR_CODES)[number];

export const appMessageSchema = z.discriminatedUnion('type', [
  z.object({ ...envelope, type: z.literal('ready') }),
  z.object({ ...envelope, type: z.literal('resize'), height: z.number().check(z.gte(0), z.lte(100_000)) }),
  z.object({ ...envelope, type: z.literal('payment_succeeded'), ...outcome }),
  z.object({ ...envelope, type: z.literal('payment_failed'), ...outcome }),
  z.object({ ...envelope, type: z.literal('pix_created'), ...outcome }),
  // The bank's challenge page, already checked by the 3DS feature: the loader takes the top window there.
  z.object({
    ...envelope,
    type: z.literal('redirecting'),
    ...outcome,
    url: z.string().check(z.maxLength(2048)),
  }),
  z.object({ ...envelope, type: z.literal('error'), code: z.enum(EMBED_ERROR_CODES) }),
]);
export type AppMessage = z.infer<typeof appMessageSchema>;

type Envelope = 'source' | 'version' | 'instance';
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A message as the app composes it; the bridge adds the envelope. */
export type AppEvent = DistributiveOmit<AppMessage, Envelope>;
