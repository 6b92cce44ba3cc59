import { HOST_RETURN_PARAM, HOST_SESSION_PARAM } from '../../lib/host-return.ts';
import { sessionThreeDSReturnPath } from '../../lib/session-paths.ts';
import type { ReturnUrls } from './return-url.ts';

/*
 * Apart from return-url.ts, which the first load holds: these are needed only when a 3DS payment is
 * built (three-d-secure-request.ts loads on paying).
 */
/**
 * A checkout session's return pages, `/pay/{id}/3ds/success|fail`: no reference and nothing in browser
 * storage, because the server knows the session's latest attempt and the page asks it (`via` is as
 * untrusted as ever).
 */
export function sessionReturnUrls(origin: string, sessionId: string): ReturnUrls {
  return {
    urlSuccess: new URL(sessionThreeDSReturnPath(sessionId, 'success'), origin).href,
    urlFail: new URL(sessionThreeDSReturnPath(sessionId, 'fail'), origin).href,
  };
}

/**
 * A session embedded in a merchant's page: the bank sends the top window back to that page with the
 * session's id, and the loader there mounts that session again (whatever session the page made for this
 * load); the session shows the outcome (docs/decisions/292-embedded-3ds-return-names-the-session.md).
 * Nothing else travels.
 */
export function sessionHostReturnUrls(hostReturnUrl: string, sessionId: string): ReturnUrls {
  const url = new URL(hostReturnUrl);
  url.searchParams.delete(HOST_RETURN_PARAM);
  url.searchParams.set(HOST_SESSION_PARAM, sessionId);
  return { urlSuccess: url.href, urlFail: url.href };
}
