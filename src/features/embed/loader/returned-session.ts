import { HOST_SESSION_PARAM } from '../../../lib/host-return.ts';
import { tabStorage } from '../../../lib/safe-storage.ts';
import { SESSION_ID_PATTERN } from '../../../lib/session-paths.ts';

/** This tab's note of the session it took to the bank: first-party storage of the merchant's page. */
const LEFT_FOR_BANK_KEY = 'merchant-checkout:left-for-bank';

type TopWindow = Pick<Window, 'location' | 'history' | 'sessionStorage'>;

/**
 * Just before the loader takes this tab to the bank: which session went there. Only a return to this
 * tab with that session is resumed, so a link someone else made with their own session id in it does not
 * put their order in this shop's page.
 */
export function noteLeavingForBank(sessionId: string, win: TopWindow = window): void {
  try {
    tabStorage(win)?.setItem(LEFT_FOR_BANK_KEY, sessionId);
  } catch {
    // Storage full: the return then finds another note (or none) and mounts the page's own session.
  }
}

/**
 * The return this page took, for the page's later mounts: a shop that mounts twice (React's development
 * mode mounts, unmounts and mounts again) must not show its new session the second time. Only on the
 * address the bank returned to: a single-page shop that has moved on mounts its own session again.
 */
let taken: { href: string; id: string } | undefined;

/**
 * The session the bank has just brought the shopper back with (`?checkout_session=cs_…`), or undefined.
 * The id is the session's capability (docs/decisions/039-session-ids-are-capabilities.md): it is removed
 * from the address at once, so it stays out of the history entry, later `Referer`s and the URL bar. It is
 * taken only in the shape of a session id and only when this tab is the one that left for the bank with
 * it (or cannot tell: no storage). The checkout server frames it only for an origin it allows, as any.
 */
export function takeReturnedSession(win: TopWindow = window): string | undefined {
  const url = new URL(win.location.href);
  const id = url.searchParams.get(HOST_SESSION_PARAM);
  if (id === null) return taken?.href === url.href ? taken.id : undefined;
  url.searchParams.delete(HOST_SESSION_PARAM);
  win.history.replaceState(win.history.state, '', url.href);
  // No storage at all (cookies disabled): nothing could be noted, so the address alone decides.
  const storage = tabStorage(win);
  const left = storage?.getItem(LEFT_FOR_BANK_KEY);
  storage?.removeItem(LEFT_FOR_BANK_KEY);
  const accepted = SESSION_ID_PATTERN.test(id) && (storage === undefined || left === id);
  taken = accepted ? { href: url.href, id } : undefined;
  return taken?.id;
}
