import { sessionIdSchema } from '../../contract/checkout-session.ts';
import { paymentLinkCodeSchema } from '../../contract/payment-links/payment-link.ts';
import type { Logger } from '../platform/logger.ts';
import { framablePage, type FrameAncestors } from './security-headers.ts';

/** A session's own `embed_origins`, or null when there is no such session. */
export type SessionEmbedOrigins = (sessionId: string) => Promise<readonly string[] | null>;
/** A payment link's own `embed_origins`, or null when there is no such link. */
export type LinkEmbedOrigins = (code: string) => Promise<readonly string[] | null>;

export interface FrameAncestorsOptions {
  /** EMBED_ALLOWED_ORIGINS, parsed when the server starts (no rebuild for a new shop). */
  allowedOrigins: readonly string[];
  sessionEmbedOrigins: SessionEmbedOrigins;
  linkEmbedOrigins: LinkEmbedOrigins;
  log?: Logger;
}

/**
 * Who may frame one response, decided per request: nobody for ordinary pages; for `/embed` and
 * `/pay/{id}`, this origin, every origin of EMBED_ALLOWED_ORIGINS and the session's own `embed_origins`;
 * for a payment link's page `/l/{code}`, the link's own instead of a session's.
 */
export function createFrameAncestorsResolver(options: FrameAncestorsOptions) {
  return async (url: URL): Promise<FrameAncestors> => {
    const page = framablePage(url.pathname, url.searchParams);
    if (!page) return 'none';
    const origins = new Set(options.allowedOrigins);
    // Only a well-formed id or code costs a database read: a random path must not.
    const own =
      page.kind === 'link'
        ? paymentLinkCodeSchema.safeParse(page.linkCode).success
          ? () => options.linkEmbedOrigins(page.linkCode)
          : undefined
        : page.sessionId !== null && sessionIdSchema.safeParse(page.sessionId).success
          ? () => options.sessionEmbedOrigins(page.sessionId ?? '')
          : undefined;
    if (own) {
      try {
        for (const origin of (await own()) ?? []) origins.add(origin);
      } catch (error) {
        // The page still answers (it will say what is wrong); only its own shops cannot frame it.
        options.log?.warn('frame-ancestors: embed origins lookup failed', { error: String(error) });
      }
    }
    return { origins: [...origins] };
  };
}
