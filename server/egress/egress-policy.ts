import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { parsePrivateHosts, withoutTrailingDot } from './private-hosts.ts';
import { isPublicAddress } from './public-address.ts';

/** One address a name resolved to, as `dns.lookup` answers it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A name's addresses (all of them); rejects when the name does not resolve. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Where the server may send what a merchant's URL asks (docs/decisions/280-webhook-egress-policy.md): public
 * addresses, and the private ones of the hosts the operator named in WEBHOOK_ALLOWED_PRIVATE_HOSTS.
 */
export interface EgressPolicy {
  /** Hosts as the URL parser writes them (`erp.internal`, `10.0.0.5`, `[fd00::1]`), without a trailing dot. */
  privateHosts: ReadonlySet<string>;
  resolve: ResolveHost;
}

/** The system's resolver, as undici's own connection would use it (getaddrinfo: /etc/hosts, then DNS). */
export const systemResolver: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** A lookup that hangs is a destination that does not answer, not a delivery stuck for minutes. */
const RESOLVE_TIMEOUT_MS = 5_000;

export function egressPolicy(
  allowedPrivateHosts: string | undefined,
  resolve: ResolveHost = systemResolver,
): EgressPolicy {
  const parsed = parsePrivateHosts(allowedPrivateHosts);
  // server/env.ts refuses a bad list at start; nothing unparsed is ever allowed.
  return { privateHosts: new Set('hosts' in parsed ? parsed.hosts : []), resolve };
}

export type Destination =
  /** Connect to this address, and only to it. */
  | { ok: true; address: ResolvedAddress }
  /** The host is (or resolves to) an address that is not public, and the operator did not allow it. */
  | { ok: false; reason: 'address_not_allowed' }
  /** The name did not resolve (or not in time). */
  | { ok: false; reason: 'unresolved' };

/** A URL's host without the brackets of an IPv6 literal. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

async function resolveWithin(policy: EgressPolicy, hostname: string): Promise<ResolvedAddress[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      policy.resolve(hostname),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), RESOLVE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where a request to `url` may go: the host's addresses, every one of them checked — one private address
 * among public ones refuses the whole name, since the connection could land on any. The answer is the
 * address to connect to (the first one), so no second lookup can move the request elsewhere.
 */
export async function checkDestination(url: URL, policy: EgressPolicy): Promise<Destination> {
  const host = bareHost(url);
  const family = isIP(host);
  const addresses =
    family === 4 || family === 6
      ? [{ address: host, family } satisfies ResolvedAddress]
      : await resolveWithin(policy, withoutTrailingDot(url.hostname));
  const [first] = addresses ?? [];
  if (!addresses || !first) return { ok: false, reason: 'unresolved' };
  const allowed = policy.privateHosts.has(withoutTrailingDot(url.hostname));
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address)))
    return { ok: false, reason: 'address_not_allowed' };
  return { ok: true, address: first };
}

/**
 * The check when a URL is saved: refused when its host is, or resolves to, an address that is not public
 * (and not allowed). A name that does not resolve yet is accepted — its DNS may come later, and every
 * delivery checks again.
 */
export async function isAllowedWhenSaved(url: string, policy: EgressPolicy): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const destination = await checkDestination(parsed, policy);
  return destination.ok || destination.reason === 'unresolved';
}
