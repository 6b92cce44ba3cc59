import { describe, expect, it } from 'vitest';
import { exactOrigin, parseEmbedOrigins } from '../../../contract/embed-origins.ts';
import { resolveEmbedContext } from './embed-context.ts';

const INSTANCE = '0123456789abcdef0123456789abcdef';
const SHOP = 'https://shop.example';

function params(host: string, instance = INSTANCE) {
  return new URLSearchParams({ instance, host });
}

const base = {
  ownOrigin: 'https://checkout.example',
  framed: true,
  parentOrigin: SHOP,
  allowed: [SHOP],
};

describe('parseEmbedOrigins', () => {
  it('keeps exact origins and refuses paths, wildcards and other schemes, naming the entry', () => {
    expect(parseEmbedOrigins(' https://shop.example , http://localhost:4352/, https://shop.example')).toEqual(
      ['https://shop.example', 'http://localhost:4352'],
    );
    for (const wrong of [
      'http://shop.example',
      'https://*.evil.example',
      'https://a.example/x',
      'javascript:alert(1)',
      'ftp://f.example',
      'ftp://localhost',
    ]) {
      expect(() => parseEmbedOrigins(`https://shop.example,${wrong}`)).toThrow(wrong);
    }
    expect(parseEmbedOrigins(undefined)).toEqual([]);
  });

  it('refuses origins with credentials', () => {
    expect(exactOrigin('https://user@shop.example')).toBeUndefined();
  });
});

describe('resolveEmbedContext', () => {
  it('accepts an allowed host that really is the parent', () => {
    expect(resolveEmbedContext({ ...base, search: params(SHOP) })).toEqual({
      ok: true,
      context: { instance: INSTANCE, hostOrigin: SHOP },
    });
  });

  it('refuses a host that is not on the allow-list', () => {
    expect(
      resolveEmbedContext({
        ...base,
        parentOrigin: 'https://evil.example',
        search: params('https://evil.example'),
      }),
    ).toEqual({ ok: false, reason: 'origin_not_allowed' });
  });

  it('refuses a parent that claims to be an allowed host', () => {
    expect(
      resolveEmbedContext({ ...base, parentOrigin: 'https://evil.example', search: params(SHOP) }),
    ).toEqual({
      ok: false,
      reason: 'origin_not_allowed',
    });
  });

  it('leaves the allow-list to the server when it served the page with run-time frame-ancestors', () => {
    const shop = 'https://new-shop.example';
    expect(
      resolveEmbedContext({
        ...base,
        parentOrigin: shop,
        search: params(shop),
        framingCheckedByServer: true,
      }),
    ).toEqual({ ok: true, context: { instance: INSTANCE, hostOrigin: shop } });
    // The parent must still be the host the URL names.
    expect(
      resolveEmbedContext({
        ...base,
        parentOrigin: 'https://evil.example',
        search: params(shop),
        framingCheckedByServer: true,
      }),
    ).toEqual({ ok: false, reason: 'origin_not_allowed' });
  });

  it('always allows its own origin', () => {
    const own = base.ownOrigin;
    expect(resolveEmbedContext({ ...base, parentOrigin: own, search: params(own) }).ok).toBe(true);
  });

  it('refuses a malformed instance or host, and a page that is not framed', () => {
    expect(resolveEmbedContext({ ...base, search: params(SHOP, 'abc') })).toEqual({
      ok: false,
      reason: 'bad_params',
    });
    expect(resolveEmbedContext({ ...base, search: params(`${SHOP}/path`) })).toEqual({
      ok: false,
      reason: 'bad_params',
    });
    expect(resolveEmbedContext({ ...base, framed: false, search: params(SHOP) })).toEqual({
      ok: false,
      reason: 'not_framed',
    });
  });
});
