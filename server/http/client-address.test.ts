import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ServerBindings, ServerEnvBindings } from './bindings.ts';
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

  it('true: the leftmost address', async () => {
    expect(await addressOf('true', '10.0.0.1', '203.0.113.9, 10.0.0.5')).toBe('203.0.113.9');
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
