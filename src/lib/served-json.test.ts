// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { parseServedConfig, urlOrdersAllowed } from './served-config.ts';
import { readServedJson } from './served-json.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

function serve(id: string, text: string, type = 'application/json') {
  const script = document.createElement('script');
  script.type = type;
  script.id = id;
  script.textContent = text;
  document.head.appendChild(script);
}

describe('readServedJson', () => {
  it('reads the JSON block the server put into the page', () => {
    serve('checkout-session', '{"id":"cs_x","order":{"title":"\\u003c/script\\u003e"}}');
    expect(readServedJson('checkout-session')).toEqual({ id: 'cs_x', order: { title: '</script>' } });
  });

  it('tells "the server said null" from "nothing served"', () => {
    serve('checkout-session', 'null');
    expect(readServedJson('checkout-session')).toBeNull();
    expect(readServedJson('checkout-config')).toBeUndefined();
  });

  it('ignores executable scripts and unreadable JSON', () => {
    serve('a', '{"x":1}', 'module');
    serve('b', '{nope');
    expect(readServedJson('a')).toBeUndefined();
    expect(readServedJson('b')).toBeUndefined();
  });
});

describe('the served config', () => {
  it('takes orders only from sessions when a server served the page', () => {
    for (const config of [
      { mode: 'production', orders: 'session' },
      { mode: 'development', orders: 'session' },
      { mode: 'production' },
      { surprise: true },
    ]) {
      const parsed = parseServedConfig(config);
      expect(parsed).toEqual({ fromServer: true, sessionsOnly: true });
      expect(urlOrdersAllowed(parsed)).toBe(false);
    }
  });

  it('keeps URL orders for the static preview, which has no server and no config', () => {
    expect(parseServedConfig(undefined)).toEqual({ fromServer: false, sessionsOnly: false });
    expect(urlOrdersAllowed(parseServedConfig(undefined))).toBe(true);
  });
});
