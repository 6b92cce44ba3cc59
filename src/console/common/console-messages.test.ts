import { describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGES } from './console-messages.ts';

describe("the log-in's 429 in the console", () => {
  it("says how long to wait from the answer's Retry-After, in both languages", () => {
    const pt = CONSOLE_MESSAGES['pt-BR'].throttled;
    const en = CONSOLE_MESSAGES.en.throttled;
    expect(pt(45)).toBe('Muitas tentativas. Tente de novo em 45 segundos.');
    expect(en(45)).toBe('Too many attempts. Try again in 45 seconds.');
    expect(en(1)).toBe('Too many attempts. Try again in 1 second.');
    expect(pt(14 * 60 + 1)).toBe('Muitas tentativas. Tente de novo em 15 minutos.');
    expect(en(undefined)).toBe('Too many attempts. Wait a few minutes and try again.');
  });
});
