import { describe, expect, it } from 'vitest';
import { hostReturnUrl } from './host-return-url.ts';

const HOST = 'https://shop.example';
const search = (returnUrl: string) => new URLSearchParams({ return_url: returnUrl });

describe('hostReturnUrl', () => {
  it('accepts a page of the host and drops an old reference and the fragment', () => {
    expect(hostReturnUrl(search('https://shop.example/cart?step=pay&checkout_3ds=abc#top'), HOST)).toBe(
      'https://shop.example/cart?step=pay',
    );
  });

  it('drops a session an earlier return named', () => {
    expect(
      hostReturnUrl(search('https://shop.example/cart?checkout_session=cs_AbCdEfGhIjKlMnOpQrStUv'), HOST),
    ).toBe('https://shop.example/cart');
  });

  it('refuses another origin, credentials and garbage', () => {
    expect(hostReturnUrl(search('https://evil.example/cart'), HOST)).toBeUndefined();
    expect(hostReturnUrl(search('https://user:pw@shop.example/cart'), HOST)).toBeUndefined();
    expect(hostReturnUrl(search('javascript:alert(1)'), HOST)).toBeUndefined();
    expect(hostReturnUrl(new URLSearchParams(), HOST)).toBeUndefined();
  });
});
