import { isIP } from 'node:net';
import type { Context } from 'hono';
import { nodeBindings, type ServerEnvBindings } from './bindings.ts';

/**
 * Which X-Forwarded-For hops to believe (env TRUST_PROXY): none by default — a shopper could write any
 * address there — so the socket's address is used. `true` trusts the whole header (leftmost entry),
 * a number N trusts N proxies in front (the Nth entry from the right), a comma list trusts those proxy
 * addresses (walk from the right past them). `true` means one proxy in front (the nearest hop, which that
 * proxy appended): the leftmost entry is whatever the client wrote and is never believed
 * (docs/decisions/101-rate-limit-subjects.md).
 */
export type TrustProxy =
  | { mode: 'none' }
  | { mode: 'hops'; hops: number }
  | { mode: 'addresses'; addresses: Set<string> };

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return { mode: 'none' };
  if (text === 'true') return { mode: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) return { mode: 'hops', hops: Number(text) };
  return {
    mode: 'addresses',
    addresses: new Set(text.split(',').map((entry) => normaliseAddress(entry.trim()))),
  };
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normaliseAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

/** Any context whose bindings are the Node server's (the console's routes add variables of their own). */
type NodeContext = Pick<Context<ServerEnvBindings>, 'env' | 'req'>;

export function clientAddress(c: NodeContext, trust: TrustProxy): string {
  const socket = normaliseAddress(nodeBindings(c)?.incoming?.socket?.remoteAddress ?? '');
  if (trust.mode === 'none') return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => normaliseAddress(entry.trim()))
    .filter((entry) => isIP(entry) !== 0);
  if (forwarded.length === 0) return socket;
  if (trust.mode === 'hops') {
    // The socket is the last proxy; each trusted proxy appended the address it saw.
    // Fewer entries than trusted proxies: the header did not come through them all — the socket it is.
    const index = forwarded.length - trust.hops;
    return index >= 0 ? (forwarded[index] ?? socket) : socket;
  }
  if (!trust.addresses.has(socket)) return socket;
  for (let index = forwarded.length - 1; index >= 0; index -= 1) {
    const hop = forwarded[index];
    if (hop !== undefined && !trust.addresses.has(hop)) return hop;
  }
  return forwarded[0] ?? socket;
}
