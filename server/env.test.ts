import { describe, expect, it } from 'vitest';
import { readServerEnv } from './env.ts';

describe('readServerEnv', () => {
  it("takes a mode's default for an unset variable, and a set one over it", () => {
    expect(readServerEnv({ HOST: '127.0.0.1' }, {}).HOST).toBe('127.0.0.1');
    expect(readServerEnv({ HOST: '127.0.0.1' }, { HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(readServerEnv({}, {}).HOST).toBe('0.0.0.0');
  });

  it('reads ALLOW_MOCK_GATEWAY as given', () => {
    expect(readServerEnv({}, { ALLOW_MOCK_GATEWAY: '1' }).ALLOW_MOCK_GATEWAY).toBe('1');
    expect(readServerEnv({}, {}).ALLOW_MOCK_GATEWAY).toBeUndefined();
  });
});
