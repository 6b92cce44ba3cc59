import { describe, expect, it } from 'vitest';
import { cancelHref, successHref } from './shop-links.ts';

describe('links back to the shop', () => {
  it('add the session id to the success URL, keeping its own query', () => {
    expect(successHref('https://shop.example/thanks?order=42', 'cs_x')).toBe(
      'https://shop.example/thanks?order=42&session_id=cs_x',
    );
    expect(cancelHref('https://shop.example/cart')).toBe('https://shop.example/cart');
  });

  it('allow plain http only on this machine', () => {
    expect(successHref('http://localhost:3000/ok', 'cs_x')).toBe('http://localhost:3000/ok?session_id=cs_x');
    expect(cancelHref('http://127.0.0.1:8080/cart')).toBe('http://127.0.0.1:8080/cart');
    expect(successHref('http://shop.example/ok', 'cs_x')).toBeUndefined();
  });

  it.each([
    null,
    undefined,
    '',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/relative',
    'https://u:p@shop.example/',
  ])('refuse %j', (raw) => {
    expect(successHref(raw, 'cs_x')).toBeUndefined();
    expect(cancelHref(raw)).toBeUndefined();
  });
});
