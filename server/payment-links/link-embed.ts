import {
  EMBED_PARAMS,
  EMBED_PATH,
  EMBED_PROTOCOL_VERSION,
  EMBED_SOURCE,
} from '../../contract/embed-protocol.ts';
import { isRandomId } from '../../contract/random-id.ts';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentLinkRow } from '../db/rows.ts';
import { findLinkByCode } from './link-repository.ts';
import { readSettings } from './link-settings.ts';

/**
 * A link's page inside a shop's frame (`MerchantCheckout.mount(…, { link })`): the loader's parameters,
 * each checked here, because the page echoes them into its form and its messages. The host must be an
 * origin allowed to frame this link (its `embed_origins` or EMBED_ALLOWED_ORIGINS): the browser has
 * already refused any other parent through `frame-ancestors`, and the page never posts to one.
 */
export interface LinkEmbed {
  instance: string;
  host: string;
  lang?: 'pt-BR' | 'en';
  theme?: 'light' | 'dark';
}

/** Who may frame a link's pages: the server's allow-list and the link's own shops. */
export function linkFrameOrigins(link: PaymentLinkRow, allowed: readonly string[]): string[] {
  return [...new Set([...allowed, ...readSettings(link.settings).embedOrigins])];
}

/** For the `frame-ancestors` of `/l/{code}`, read at request time; null for an unknown link. */
export async function linkFrameOriginsByCode(deps: AppDeps, code: string): Promise<string[] | null> {
  const link = await findLinkByCode(deps.db, code);
  return link ? linkFrameOrigins(link, deps.embedOrigins) : null;
}

function exactOrigin(raw: string | null): string | undefined {
  if (raw === null) return undefined;
  try {
    const url = new URL(raw);
    return url.origin === raw && (url.protocol === 'https:' || url.protocol === 'http:') ? raw : undefined;
  } catch {
    return undefined;
  }
}

/** The embed parameters of a link page's query or form, or undefined when it is not a valid embed. */
export function readLinkEmbed(
  value: (name: string) => string | null,
  link: PaymentLinkRow,
  allowed: readonly string[],
): LinkEmbed | undefined {
  const instance = value(EMBED_PARAMS.instance);
  const host = exactOrigin(value(EMBED_PARAMS.hostOrigin));
  if (!isRandomId(instance) || host === undefined) return undefined;
  if (!linkFrameOrigins(link, allowed).includes(host)) return undefined;
  const lang = value(EMBED_PARAMS.lang);
  const theme = value(EMBED_PARAMS.theme);
  return {
    instance,
    host,
    ...(lang === 'pt-BR' || lang === 'en' ? { lang } : {}),
    ...(theme === 'light' || theme === 'dark' ? { theme } : {}),
  };
}

function embedEntries(embed: LinkEmbed): [string, string][] {
  return [
    [EMBED_PARAMS.instance, embed.instance],
    [EMBED_PARAMS.hostOrigin, embed.host],
    ...(embed.lang ? [[EMBED_PARAMS.lang, embed.lang] as [string, string]] : []),
    ...(embed.theme ? [[EMBED_PARAMS.theme, embed.theme] as [string, string]] : []),
  ];
}

/** Carried by "Continue" so the POST knows the shopper is inside the shop's frame. */
export function embedFormFields(embed: LinkEmbed, escape: (text: string) => string): string {
  return embedEntries(embed)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
    .join('');
}

/** What the page's script needs to say `ready` and its height to its host (and to no one else). */
export function embedBodyAttributes(embed: LinkEmbed, escape: (text: string) => string): string {
  return ` data-embed-host="${escape(embed.host)}" data-embed-instance="${escape(embed.instance)}" data-embed-source="${EMBED_SOURCE}" data-embed-version="${String(EMBED_PROTOCOL_VERSION)}"`;
}

/**
 * Where "Continue" leads inside the frame: the embedded checkout of the new session, which speaks to the
 * host from then on. No `return_url`: the shop did not create this session and cannot mount it again, so
 * after a 3DS challenge the bank returns to the checkout's own page for the session (which shows the
 * result and the link's way back to the shop).
 */
export function embeddedSessionPath(sessionId: string, embed: LinkEmbed): string {
  const params = new URLSearchParams([[EMBED_PARAMS.session, sessionId], ...embedEntries(embed)]);
  return `${EMBED_PATH}?${params.toString()}`;
}

/** The link pages' embed script: `ready` once, then the page's height whenever it changes. */
export const LINK_EMBED_JS = `(() => {
  const data = document.body.dataset;
  if (!data.embedHost || window.parent === window) return;
  const post = (message) =>
    window.parent.postMessage(
      { source: data.embedSource, version: Number(data.embedVersion), instance: data.embedInstance, ...message },
      data.embedHost,
    );
  post({ type: 'ready' });
  let last = -1;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) post({ type: 'resize', height: (last = height) });
  };
  report();
  new ResizeObserver(report).observe(document.documentElement);
})();
`;
