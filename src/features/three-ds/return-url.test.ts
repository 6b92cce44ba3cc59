import { describe, expect, it } from 'vitest';
import { buildReturnUrls, checkoutHref } from './return-url.ts';
import { sessionHostReturnUrls, sessionReturnUrls } from './session-return-url.ts';

describe('return URLs', () => {
  it('are absolute URLs of our own return route carrying the reference', () => {
    const urls = buildReturnUrls('https://shop.example', 'ab'.repeat(16), {
      lang: 'pt-BR',
      checkoutQuery: '?amount=15090&threeds=required',
    });
    const success = new URL(urls.urlSuccess);
    const fail = new URL(urls.urlFail);
    for (const url of [success, fail]) {
      expect(url.origin).toBe('https://shop.example');
      expect(url.pathname).toBe('/3ds/return');
      expect(url.searchParams.get('ref')).toBe('ab'.repeat(16));
      expect(url.searchParams.get('lang')).toBe('pt-BR');
      expect(url.searchParams.get('checkout')).toBe('amount=15090&threeds=required');
    }
    expect(success.searchParams.get('via')).toBe('success');
    expect(fail.searchParams.get('via')).toBe('fail');
  });

  it('"back to checkout" stays on our checkout path whatever the URL says', () => {
    expect(checkoutHref(new URLSearchParams('checkout=amount%3D100%26threeds%3Drequired'), 'en')).toBe(
      '/?amount=100&threeds=required&lang=en',
    );
    expect(checkoutHref(new URLSearchParams('checkout=//evil.example/x'), 'en')).toBe(
      '/?%2F%2Fevil.example%2Fx=&lang=en',
    );
    expect(checkoutHref(new URLSearchParams(''), 'pt-BR')).toBe('/?lang=pt-BR');
  });
});

describe('a checkout session’s return URLs', () => {
  it('are the session’s own pages, with no reference and nothing else', () => {
    expect(sessionReturnUrls('https://pay.example', 'cs_AbCdEfGhIjKlMnOpQrStUv')).toEqual({
      urlSuccess: 'https://pay.example/pay/cs_AbCdEfGhIjKlMnOpQrStUv/3ds/success',
      urlFail: 'https://pay.example/pay/cs_AbCdEfGhIjKlMnOpQrStUv/3ds/fail',
    });
  });

  it('embedded, are the merchant’s page naming the session (an old reference and session removed)', () => {
    expect(
      sessionHostReturnUrls(
        'https://shop.example/checkout?cart=9&checkout_session=cs_OldOldOldOldOldOldOldOld&checkout_3ds=' +
          'a'.repeat(32),
        'cs_AbCdEfGhIjKlMnOpQrStUv',
      ),
    ).toEqual({
      urlSuccess: 'https://shop.example/checkout?cart=9&checkout_session=cs_AbCdEfGhIjKlMnOpQrStUv',
      urlFail: 'https://shop.example/checkout?cart=9&checkout_session=cs_AbCdEfGhIjKlMnOpQrStUv',
    });
  });
});
