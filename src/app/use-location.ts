import { useSyncExternalStore } from 'react';

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

const snapshot = () => window.location.pathname + window.location.search;

export function useLocation(): URL {
  const current = useSyncExternalStore(subscribe, snapshot);
  return new URL(current, window.location.origin);
}

export function navigate(to: string, { replace = false } = {}): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
