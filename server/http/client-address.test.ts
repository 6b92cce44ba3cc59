import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ServerBindings, ServerEnvBindings } from './bindings.ts';
import { rateLimitSubject } from '../rate-limit/rate-limit-subject.ts';
import { clientAddress, parseTrustProxy } from './client-address.ts';

async function addressOf(
  trustProxy: string | undefined,
  socket: string,
  forwardedFor?: string,
): Promise<string> {
  const app = new Hono<ServerEnvBindings>();
  app.get('/', (c) => c.text(clientAddress(c, parseTrustProxy(trustProxy))));
  const bindings: ServerBindings = { incoming: { socket: { remoteAddress: socket } } };
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  return (await app.request('/', { headers }, bindings)).text();
}

describe('client address (TRUST_PROXY)', () => {
  it('unset or false: the socket, whatever X-Forwarded-For says', async () => {
    expect(await addressOf(undefined, '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    expect(await addressOf('false', '::ffff:198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
  });

  it('true: one proxy in front — the nearest hop, never the leftmost entry the client wrote', async () => {
    expect(await addressOf('true', '10.0.0.1', '203.0.113.9, 10.0.0.5')).toBe('10.0.0.5');
    expect(await addressOf('true', '10.0.0.1', '1.2.3.4, 5.6.7.8, 198.51.100.20')).toBe('198.51.100.20');
  });

  it('a number of proxies: that many hops from the right', async () => {
    expect(await addressOf('1', '10.0.0.1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressOf('2', '10.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.7')).toBe('203.0.113.9');
  });

  it('a list of proxies: only when the socket is one of them, the first untrusted hop from the right', async () => {
    expect(await addressOf('10.0.0.1,10.0.0.7', '10.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.7')).toBe(
      '203.0.113.9',
    );
    expect(await addressOf('10.0.0.1', '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
  });

  it('junk in the header is ignored', async () => {
    expect(await addressOf('true', '10.0.0.1', 'not-an-ip')).toBe('10.0.0.1');
  });
});

describe('who a rate limit counts', () => {
  it('an IPv4 address as it is; an IPv6 address by its /64, however it is written', () => {
    expect(rateLimitSubject('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitSubject('')).toBe('unknown');
    const one = rateLimitSubject('2001:db8:abcd:12::1');
    expect(one).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitSubject('2001:0DB8:ABCD:0012:ffff:ffff:ffff:fffe')).toBe(one);
    expect(rateLimitSubject('2001:db8:abcd:12:1:2:3:4')).toBe(one);
    expect(rateLimitSubject('2001:db8:abcd:13::1')).not.toBe(one);
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitSubject('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
    expect(rateLimitSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
