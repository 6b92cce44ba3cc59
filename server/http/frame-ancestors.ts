import { sessionIdSchema } from '../../contract/checkout-session.ts';
import type { Logger } from '../platform/logger.ts';
import { framablePage, type FrameAncestors } from './security-headers.ts';

/** A session's own `embed_origins`, or null when there is no such session. */
export type SessionEmbedOrigins = (sessionId: string) => Promise<readonly string[] | null>;

export interface FrameAncestorsOptions {
  /** EMBED_ALLOWED_ORIGINS, parsed when the server starts (no rebuild for a new shop). */
  allowedOrigins: readonly string[];
  sessionEmbedOrigins: SessionEmbedOrigins;
  log?: Logger;
}

/**
 * Who may frame one response, decided per request: nobody for ordinary pages; for `/embed` and
 * `/pay/{id}`, this origin, every origin of EMBED_ALLOWED_ORIGINS and the session's own `embed_origins`.
 */
export function createFrameAncestorsResolver(options: FrameAncestorsOptions) {
  return async (url: URL): Promise<FrameAncestors> => {
    const page = framablePage(url.pathname, url.searchParams);
    if (!page) return 'none';
    const origins = new Set(options.allowedOrigins);
    // Only a well-formed id costs a database read: a random path must not.
    if (page.sessionId !== null && sessionIdSchema.safeParse(page.sessionId).success) {
      try {
        for (const origin of (await options.sessionEmbedOrigins(page.sessionId)) ?? []) origins.add(origin);
      } catch (error) {
        // The page still answers (it will say what is wrong); only the session's own shops cannot frame it.
        options.log?.warn('frame-ancestors: session lookup failed', { error: String(error) });
      }
    }
    return { origins: [...origins] };
  };
}
