import { useEffect, useState } from 'react';
import { serverNow } from '../../lib/server-clock.ts';

/** The gateway's "now" (device clock corrected by the last Date header), refreshed every second. */
export function useServerNow(): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const id = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
