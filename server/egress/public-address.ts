import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether the server may send a merchant's webhook to an IP address: a public unicast address, nothing
 * reserved (docs/decisions/280-webhook-egress-policy.md). IPv4 is public unless it falls in a block below;
 * IPv6 is public only inside 2000::/3 (global unicast) and outside its special blocks, so a block nobody
 * listed is refused rather than reached. An IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64,
 * 6to4) is as public as the IPv4 it carries.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return isPublicIpv4(ipv4Number(bare));
  if (!isIPv6(bare)) return false;
  const groups = ipv6Groups(bare);
  return groups !== undefined && isPublicIpv6(groups);
}

/** [first address, prefix length]: not public (RFC 6890 and its updates; the brief's list). */
const IPV4_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

function ipv4Number(text: string): number {
  return text.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

const IPV4_BLOCKS = IPV4_NOT_PUBLIC.map(([first, bits]) => {
  const size = 2 ** (32 - bits);
  return { first: ipv4Number(first), size };
});

function isPublicIpv4(value: number): boolean {
  return !IPV4_BLOCKS.some(({ first, size }) => value >= first && value < first + size);
}

/** Eight 16-bit groups of a valid IPv6 text (isIPv6 said so), a dotted IPv4 tail and a zone included. */
function ipv6Groups(text: string): number[] | undefined {
  const lower = text.toLowerCase().replace(/%.*$/, '');
  const groupsOf = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      const value = ipv4Number(group);
      return [Math.floor(value / 65_536), value % 65_536];
    });
  };
  const [headText = '', tailText] = lower.split('::');
  const head = groupsOf(headText);
  if (tailText === undefined) return head.length === 8 ? head : undefined;
  const tail = groupsOf(tailText);
  const missing = 8 - head.length - tail.length;
  return missing < 0 ? undefined : [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** The IPv4 address in two 16-bit groups. */
function embedded(high: number | undefined, low: number | undefined): number {
  return (high ?? 0) * 65_536 + (low ?? 0);
}

function isPublicIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6, g7] = groups;
  // ::ffff:0:0/96, IPv4-mapped: the IPv4 address itself.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return isPublicIpv4(embedded(g6, g7));
  // 64:ff9b::/96, NAT64's well-known prefix: the gateway reaches the IPv4 address it carries.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isPublicIpv4(embedded(g6, g7));
  // Everything else outside 2000::/3 is not global unicast: ::, ::1, ::/96 (IPv4-compatible), 64:ff9b:1::/48
  // (local NAT64), 100::/64 (discard), fc00::/7 (unique local), fe80::/10 (link-local), ff00::/8 (multicast)…
  if ((g0 & 0xe000) !== 0x2000) return false;
  // 2002::/16, 6to4: the IPv4 address in bits 16–47.
  if (g0 === 0x2002) return isPublicIpv4(embedded(g1, g2));
  // 2001::/23: IETF protocol assignments (Teredo 2001::/32, benchmarking, ORCHID…).
  if (g0 === 0x2001 && g1 < 0x0200) return false;
  // 2001:db8::/32 and 3fff::/20: documentation.
  if (g0 === 0x2001 && g1 === 0x0db8) return false;
  if (g0 === 0x3fff && g1 < 0x1000) return false;
  return true;
}
