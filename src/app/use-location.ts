import { useSyncExternalStore } from 'react';
import { appHref, appPathOf } from '../lib/app-path.ts';

/** A router of four routes does not pay for a routing library: the History API and one event suffice. */
const NAVIGATE_EVENT = 'app:navigate';

function subscribe(callback: () => void) {
  window.addEventListener('popstate', callback);
  window.addEventListener(NAVIGATE_EVENT, callback);
  return () => {
    window.removeEventListener('popstate', callback);
    window.removeEventListener(NAVIGATE_EVENT, callback);
  };
}

/** The app's own path (the static preview may sit under a folder), so routes match the same everywhere. */
const snapshot = () =>
  (import.meta.env.BASE_URL === './' ? appPathOf(window.location.pathname) : window.location.pathname) +
  window.location.search;

export function useLocation(): URL {
  const current = useSyncExternalStore(subscribe, snapshot);
  return new URL(current, window.location.origin);
}

/** `to` is an app path (`/simulator?lang=en`). */
export function navigate(to: string, { replace = false } = {}): void {
  // A parameter reassigned, not a new variable: outside the preview this line folds to nothing.
  if (import.meta.env.BASE_URL === './') to = appHref(to);
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
