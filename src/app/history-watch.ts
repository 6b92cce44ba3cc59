import { getPublicSession } from '../api/public-session.ts';
import { resumeOf } from '../payment/session-resume.ts';

/**
 * Calls `onReturn` each time the page comes back without loading again: a restore from the back/forward
 * cache (`pageshow` with `persisted`, the React tree as the shopper left it, perhaps on the way to the
 * bank) or a history step inside the app (`popstate`). Returns the way to stop listening.
 */
export function onReturnThroughHistory(onReturn: () => void): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) onReturn();
  };
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('popstate', onReturn);
  return () => {
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('popstate', onReturn);
  };
}

/**
 * Reads the session afresh each time the page comes back through history, and hands it over when a payment
 * is under way (a form with nothing under way keeps what was typed). Loaded on the shopper's first tap or key
 * (session-route.tsx): a page nobody acted on has no payment under way to come back to.
 */
export function watchHistoryReturn(
  sessionId: string,
  returningFromBank: boolean,
  onFresh: (session: unknown) => void,
): () => void {
  return onReturnThroughHistory(() => {
    getPublicSession(sessionId)
      .then((fresh) => {
        if (resumeOf(fresh, { returningFromBank }).kind !== 'form') onFresh(fresh);
      })
      // Offline or refused: the page stays as it was; any payment still goes through the server.
      .catch(() => undefined);
  });
}
