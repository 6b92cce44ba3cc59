import { isIP } from 'node:net';

/**
 * Who a rate limit counts: an IPv4 address, or an IPv6 address's /64 — one subscriber usually holds a
 * whole /64 and can pick any address in it, so counting exact IPv6 addresses would not limit anyone.
 */
export function rateLimitSubject(address: string): string {
  if (isIP(address) !== 6) return address || 'unknown';
  const lower = address.toLowerCase().replace(/%.*$/, '');
  // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups.
  const groupsOf = (text: string) =>
    text === '' ? [] : text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [headText = '', tailText] = lower.split('::');
  const head = groupsOf(headText);
  const tail = tailText === undefined ? [] : groupsOf(tailText);
  const groups =
    tailText === undefined
      ? head
      : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
