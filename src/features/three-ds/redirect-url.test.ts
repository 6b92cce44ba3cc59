import { describe, expect, it } from 'vitest';
import { safeRedirectUrl, type RedirectPolicy } from './redirect-url.ts';

const PRODUCTION: RedirectPolicy = { pageOrigin: 'https://shop.example', allowPageOrigin: false };
const MOCK: RedirectPolicy = { pageOrigin: 'http://localhost:4321', allowPageOrigin: true };

describe('safeRedirectUrl', () => {
  it('follows an https URL, keeping its token', () => {
    expect(safeRedirectUrl('https://acs.bank.example/challenge?token=abc', PRODUCTION)?.href).toBe(
      'https://acs.bank.example/challenge?token=abc',
    );
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: in capitals with spaces', '  JavaScript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['http: to another host', 'http://acs.bank.example/challenge'],
    ['relative', '/mock-bank/challenge?token=abc'],
    ['protocol-relative', '//evil.example/x'],
    ['malformed', 'https://'],
    ['not a URL', 'bank page'],
    ['empty', ''],
    ['credentials', 'https://bank.example@evil.example/'],
    ['file:', 'file:///etc/passwd'],
  ])('refuses %s', (_name, raw) => {
    expect(safeRedirectUrl(raw, PRODUCTION)).toBeUndefined();
    expect(safeRedirectUrl(raw, MOCK)).toBeUndefined();
  });

  it.each([undefined, null, 42, { url: 'https://x.example' }])(
    'refuses a missing or non-string %s',
    (raw) => {
      expect(safeRedirectUrl(raw, PRODUCTION)).toBeUndefined();
    },
  );

  it("allows the page's own http origin only in mock mode", () => {
    const own = 'http://localhost:4321/mock-bank/challenge?token=abc';
    expect(safeRedirectUrl(own, MOCK)?.pathname).toBe('/mock-bank/challenge');
    expect(safeRedirectUrl(own, { ...MOCK, allowPageOrigin: false })).toBeUndefined();
    expect(safeRedirectUrl('http://localhost:9999/mock-bank/challenge', MOCK)).toBeUndefined();
  });

  it('never matches an opaque origin to a sandboxed page', () => {
    expect(
      safeRedirectUrl('javascript:alert(1)', { pageOrigin: 'null', allowPageOrigin: true }),
    ).toBeUndefined();
    expect(
      safeRedirectUrl('data:text/html,x', { pageOrigin: 'null', allowPageOrigin: true }),
    ).toBeUndefined();
  });
});
