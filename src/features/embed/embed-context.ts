import { RANDOM_ID_PATTERN } from '../../../contract/random-id.ts';
import { exactOrigin, parseEmbedOrigins } from '../../../contract/embed-origins.ts';
import { EMBED_ALLOWED_ORIGINS_SETTING } from '../../lib/build-env.ts';
import { isAllowedOrigin } from './allowed-origins.ts';
import { servedConfig } from '../../lib/served-config.ts';
import { EMBED_PARAMS } from '../../../contract/embed-protocol.ts';

/** Fixed at build time from EMBED_ALLOWED_ORIGINS, the same list the server puts in `frame-ancestors`. */
export const ALLOWED_EMBED_ORIGINS: readonly string[] = parseEmbedOrigins(EMBED_ALLOWED_ORIGINS_SETTING);

export interface EmbedContext {
  instance: string;
  /** The host page's origin: every message goes only there and is accepted only from there. */
  hostOrigin: string;
}

export type EmbedContextResult =
  | { ok: true; context: EmbedContext }
  | { ok: false; reason: 'not_framed' | 'bad_params' | 'origin_not_allowed' };

interface Surroundings {
  search: URLSearchParams;
  ownOrigin: string;
  framed: boolean;
  /** `location.ancestorOrigins` where the browser has it: the real parent, whatever the URL claims. */
  parentOrigin: string | undefined;
  allowed: readonly string[];
  /**
   * The checkout server served this page with `frame-ancestors` decided at run time (EMBED_ALLOWED_ORIGINS
   * and the session's own `embed_origins`): the browser refused every other parent before this code ran,
   * so the build-time list, which cannot know a session's shops, is not consulted.
   */
  framingCheckedByServer?: boolean;
}

/**
 * Who embeds us, checked three ways: the origin the loader wrote in the URL must be an exact origin,
 * on the allow-list, and (where the browser tells) the actual parent. A page that lies about its
 * origin gets nothing anyway: our messages name the claimed origin as target, so the browser drops them.
 */
export function resolveEmbedContext(env: Surroundings): EmbedContextResult {
  if (!env.framed) return { ok: false, reason: 'not_framed' };
  const instance = env.search.get(EMBED_PARAMS.instance) ?? '';
  const hostOrigin = exactOrigin(env.search.get(EMBED_PARAMS.hostOrigin) ?? '');
  if (!RANDOM_ID_PATTERN.test(instance) || !hostOrigin) return { ok: false, reason: 'bad_params' };
  if (!env.framingCheckedByServer && !isAllowedOrigin(hostOrigin, env.allowed, env.ownOrigin))
    return { ok: false, reason: 'origin_not_allowed' };
  if (env.parentOrigin !== undefined && env.parentOrigin !== hostOrigin) {
    return { ok: false, reason: 'origin_not_allowed' };
  }
  return { ok: true, context: { instance, hostOrigin } };
}

export function currentEmbedContext(search: URLSearchParams): EmbedContextResult {
  return resolveEmbedContext({
    search,
    ownOrigin: window.location.origin,
    framed: window.parent !== window,
    // Chromium and WebKit tell the real parent; Firefox has no ancestorOrigins.
    parentOrigin: 'ancestorOrigins' in window.location ? window.location.ancestorOrigins[0] : undefined,
    allowed: ALLOWED_EMBED_ORIGINS,
    framingCheckedByServer: servedConfig().fromServer,
  });
}
