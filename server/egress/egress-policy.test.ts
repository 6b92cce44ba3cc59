import { describe, expect, it } from 'vitest';
import { checkDestination, egressPolicy, systemResolver } from './egress-policy.ts';
import { isPublicAddress } from './public-address.ts';

const NOT_PUBLIC = [
  // IPv4: this network, private, CGNAT, loopback, link-local (cloud metadata), protocol, documentation,
  // benchmarking, 6to4 relay, multicast, reserved, broadcast.
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.255.0.9',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.10',
  '192.88.99.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6: unspecified, loopback, IPv4-compatible, IPv4-mapped private, NAT64 private, local NAT64, discard,
  // Teredo, benchmarking, documentation, 6to4 of a private address, unique local, link-local, multicast.
  '::',
  '::1',
  '[::1]',
  '::7f00:1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe',
  '::ffff:10.1.2.3',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a00:1',
  '64:ff9b:1::808:808',
  '100::1',
  '2001::1',
  '2001:2::1',
  '2001:db8::1',
  '3fff::1',
  '2002:7f00:1::',
  '2002:c0a8:101::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'fec0::1',
  'ff02::1',
  // Not an address at all.
  '',
  'localhost',
  '127.1',
  '1.2.3',
];

const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.215.14',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.169.0.1',
  '198.17.255.255',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:4860:4860::8888',
];

describe('public addresses (decision 280)', () => {
  it.each(NOT_PUBLIC)('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(PUBLIC)('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('a destination', () => {
  const dns: Record<string, string[]> = {
    'shop.test': ['93.184.215.14'],
    'mixed.test': ['93.184.215.14', '10.0.0.7'],
    'inside.test': ['10.0.0.7'],
  };
  const resolve = (hostname: string) => {
    const addresses = dns[hostname];
    return addresses
      ? Promise.resolve(addresses.map((address) => ({ address, family: 4 as const })))
      : Promise.reject(new Error('ENOTFOUND'));
  };
  const check = (url: string, allowed?: string) =>
    checkDestination(new URL(url), egressPolicy(allowed, resolve));

  it('every numeric spelling the URL parser accepts is the address it means', async () => {
    for (const url of [
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://017700000001/',
      'https://[::ffff:127.0.0.1]/',
      'https://[0:0:0:0:0:ffff:7f00:1]/',
      'https://0.0.0.0/',
      'https://[::]/',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      expect(await check(url), url).toEqual({ ok: false, reason: 'address_not_allowed' });
    }
  });

  it('a name is checked on every address it resolves to, and the first is the one to connect to', async () => {
    expect(await check('https://shop.test/hooks')).toEqual({
      ok: true,
      address: { address: '93.184.215.14', family: 4 },
    });
    expect(await check('https://mixed.test/')).toEqual({ ok: false, reason: 'address_not_allowed' });
    expect(await check('https://inside.test./')).toEqual({ ok: false, reason: 'address_not_allowed' });
    expect(await check('https://nowhere.test/')).toEqual({ ok: false, reason: 'unresolved' });
  });

  it('the operator may name private hosts, as written in the URL; nothing else comes with them', async () => {
    const allowed = 'inside.test, 127.1, ::1';
    expect(await check('https://inside.test/', allowed)).toMatchObject({ ok: true });
    expect(await check('https://INSIDE.test./', allowed)).toMatchObject({ ok: true });
    expect(await check('http://127.0.0.1:8080/', allowed)).toMatchObject({ ok: true });
    expect(await check('http://2130706433/', allowed)).toMatchObject({ ok: true });
    expect(await check('http://[::1]/', allowed)).toMatchObject({ ok: true });
    expect(await check('http://127.0.0.2/', allowed)).toEqual({ ok: false, reason: 'address_not_allowed' });
    expect(await check('https://mixed.test/', allowed)).toEqual({ ok: false, reason: 'address_not_allowed' });
    expect(await check('http://[::ffff:127.0.0.1]/', allowed)).toEqual({
      ok: false,
      reason: 'address_not_allowed',
    });
  });
});

describe('the system resolver', () => {
  it('answers every address of a name, as getaddrinfo does (localhost: loopback, from /etc/hosts)', async () => {
    const addresses = await systemResolver('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((entry) => !isPublicAddress(entry.address))).toBe(true);
    await expect(
      checkDestination(new URL('http://localhost:8080/'), egressPolicy(undefined)),
    ).resolves.toEqual({
      ok: false,
      reason: 'address_not_allowed',
    });
  });
});
