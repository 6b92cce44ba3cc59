/**
 * The shopper's session URLs as the first load needs them. contract/checkout-session.ts writes the same
 * paths (`API_PATHS`) but brings zod with it, which the first load cannot carry; session-paths.test.ts
 * proves the two agree.
 */
export const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_-]{22,64}$/;

const PAGE_PREFIX = '/pay/';

export const sessionPagePath = (id: string): string => `${PAGE_PREFIX}${id}`;
/** `GET` here is the session as the shopper may see it; it is also the base of its gateway-shaped calls. */
export const sessionApiPath = (id: string): string => `/api/pay/${id}`;

export type ThreeDSReturnVia = 'success' | 'fail';

/** Where the bank sends the shopper back: the session's own page, which asks the server what happened. */
export const sessionThreeDSReturnPath = (id: string, via: ThreeDSReturnVia): string =>
  `${sessionPagePath(id)}/3ds/${via}`;

export type SessionPage =
  | { ok: true; sessionId: string; returningFromBank: boolean }
  /** Under /pay/ but not a session link we make (a truncated or made-up id). */
  | { ok: false };

/** `/pay/{id}` and its 3DS return pages; `undefined` for every other path. */
export function sessionPageOf(pathname: string): SessionPage | undefined {
  if (!pathname.startsWith(PAGE_PREFIX)) return undefined;
  const [id = '', ...rest] = pathname.slice(PAGE_PREFIX.length).split('/');
  if (!SESSION_ID_PATTERN.test(id)) return { ok: false };
  const tail = rest.join('/');
  if (tail === '') return { ok: true, sessionId: id, returningFromBank: false };
  if (tail === '3ds/success' || tail === '3ds/fail')
    return { ok: true, sessionId: id, returningFromBank: true };
  return { ok: false };
}
