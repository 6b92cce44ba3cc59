import { describe, expect, it } from 'vitest';
import { relativeToDepth, STATIC_PAGES } from './vite-static-pages.ts';

describe('the static preview deep pages', () => {
  const html =
    '<link rel="icon" href="./favicon.svg" /><script type="module" crossorigin src="./assets/index-x.js"></script>' +
    '<link rel="stylesheet" crossorigin href="./assets/index-y.css"><a href="#main">skip</a>';

  it('point one folder up per level to the same files', () => {
    expect(relativeToDepth(html, 2)).toBe(
      '<link rel="icon" href="../../favicon.svg" /><script type="module" crossorigin src="../../assets/index-x.js"></script>' +
        '<link rel="stylesheet" crossorigin href="../../assets/index-y.css"><a href="#main">skip</a>',
    );
  });

  it('are the pages a shopper or the bank can open directly', () => {
    expect(STATIC_PAGES).toEqual(['3ds/return', 'simulator', 'mock-bank/challenge']);
  });
});
