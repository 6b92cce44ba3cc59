import { describe, expect, it } from 'vitest';
import { lookUpReturn, rememberReturn } from './reference-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    dump: () => Object.fromEntries(map),
  };
}

describe('reference store', () => {
  it('finds the transaction id stored under a reference, and nothing else', () => {
    const storage = memoryStorage();
    expect(rememberReturn('aaa', 1001, storage)).toBe(true);
    expect(rememberReturn('bbb', 1002, storage)).toBe(true);
    expect(lookUpReturn('aaa', storage)).toBe(1001);
    expect(lookUpReturn('bbb', storage)).toBe(1002);
    expect(lookUpReturn('ccc', storage)).toBeUndefined();
    expect(lookUpReturn('constructor', storage)).toBeUndefined();
  });

  it('keeps only {reference → transaction id}', () => {
    const storage = memoryStorage();
    rememberReturn('aaa', 1001, storage);
    expect(storage.dump()).toEqual({ 'three-ds:returns': '{"aaa":1001}' });
  });

  it('keeps the newest 20 references', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 25; i++) rememberReturn(`ref${i}`, 2000 + i, storage);
    expect(lookUpReturn('ref0', storage)).toBeUndefined();
    expect(lookUpReturn('ref4', storage)).toBeUndefined();
    expect(lookUpReturn('ref5', storage)).toBe(2005);
    expect(lookUpReturn('ref24', storage)).toBe(2024);
  });

  it('ignores tampered or broken contents', () => {
    expect(lookUpReturn('aaa', memoryStorage({ 'three-ds:returns': '{"aaa":"1001"}' }))).toBeUndefined();
    expect(lookUpReturn('aaa', memoryStorage({ 'three-ds:returns': '{"aaa":-1}' }))).toBeUndefined();
    expect(lookUpReturn('aaa', memoryStorage({ 'three-ds:returns': 'not json' }))).toBeUndefined();
    const storage = memoryStorage({ 'three-ds:returns': '[1,2' });
    expect(rememberReturn('aaa', 7, storage)).toBe(true);
    expect(lookUpReturn('aaa', storage)).toBe(7);
  });

  it('works without storage at all (blocked in a cross-site frame): nothing kept, nothing found', () => {
    expect(rememberReturn('aaa', 1001, null)).toBe(false);
    expect(lookUpReturn('aaa', null)).toBeUndefined();
  });

  it('reports a browser that refuses to store', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(rememberReturn('aaa', 1001, refusing)).toBe(false);
  });
});
