import { describe, expect, it } from 'vitest';
import { tabStorage } from './safe-storage.ts';

describe('tabStorage', () => {
  it('is undefined where merely reading window.sessionStorage throws (third-party storage blocked)', () => {
    const blocked = {
      get sessionStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    };
    expect(tabStorage(blocked)).toBeUndefined();
  });

  it('is undefined where the storage throws on use', () => {
    const refusing = {
      sessionStorage: {
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      } as unknown as Storage,
    };
    expect(tabStorage(refusing)).toBeUndefined();
  });

  it('hands out a working storage', () => {
    const storage = { getItem: () => null } as unknown as Storage;
    expect(tabStorage({ sessionStorage: storage })).toBe(storage);
  });
});
