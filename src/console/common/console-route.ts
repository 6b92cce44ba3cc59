import { useEffect, useState } from 'react';
import { routeOf, type ConsoleRoute } from '../../../contract/console/console-routes.ts';

const listeners = new Set<() => void>();

/** Client-side navigation: the history entry changes, the page follows, focus goes to the new page's title. */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

export function useConsoleRoute(): ConsoleRoute {
  const [location, setLocation] = useState(() => ({
    path: window.location.pathname,
    search: window.location.search,
  }));
  useEffect(() => {
    const update = () => {
      setLocation({ path: window.location.pathname, search: window.location.search });
    };
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return routeOf(location.path, location.search);
}
