import { HOST_RETURN_PARAM, HOST_SESSION_PARAM } from '../../lib/host-return.ts';
import { EMBED_PARAMS } from '../../../contract/embed-protocol.ts';

/**
 * The merchant's page to come back to after 3DS, from the iframe's URL. Only a page on the host's own
 * origin is accepted — the bank must never be told to send the shopper anywhere else — and a reference
 * or session left over from an earlier return is removed.
 */
export function hostReturnUrl(search: URLSearchParams, hostOrigin: string): string | undefined {
  const raw = search.get(EMBED_PARAMS.returnUrl);
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.origin !== hostOrigin || url.username || url.password) return undefined;
  url.searchParams.delete(HOST_RETURN_PARAM);
  url.searchParams.delete(HOST_SESSION_PARAM);
  url.hash = '';
  return url.href;
}
