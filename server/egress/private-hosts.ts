import { isIPv6 } from 'node:net';

/**
 * WEBHOOK_ALLOWED_PRIVATE_HOSTS: the hosts a merchant's webhook endpoint may name although they resolve to a
 * private address (an ERP on the shop's own network), a comma list of names or IP addresses. Each entry is
 * written as the URL parser writes a host — lower case, `127.1` as `127.0.0.1`, IPv6 in brackets — so it is
 * compared with an endpoint URL's `hostname` as is. Exact hosts only: no wildcard, no port, no path.
 */
export function parsePrivateHosts(list: string | undefined): { hosts: string[] } | { error: string } {
  const hosts: string[] = [];
  for (const raw of (list ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const host = normaliseHost(entry);
    if (host === undefined) return { error: `"${entry}" is not a host name or IP address` };
    hosts.push(host);
  }
  return { hosts };
}

function normaliseHost(entry: string): string | undefined {
  // A wildcard, a port, a path, user info: more than a host.
  if (/[*/?#@\\\s]/.test(entry)) return undefined;
  const ipv6 = isIPv6(entry.replace(/^\[(.*)\]$/, '$1'));
  if (entry.includes(':') && !ipv6) return undefined;
  try {
    const url = new URL(`http://${ipv6 && !entry.startsWith('[') ? `[${entry}]` : entry}/`);
    return withoutTrailingDot(url.hostname);
  } catch {
    return undefined;
  }
}

/** `erp.internal.` and `erp.internal` are one host. */
export function withoutTrailingDot(hostname: string): string {
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}
