import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_PRIVATE_HOSTS, readServerEnv } from './env.ts';

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

  it('WEBHOOK_ALLOWED_PRIVATE_HOSTS: unset in production, loopback under npm start, a bad entry stops the start', () => {
    expect(readServerEnv({}, {}).WEBHOOK_ALLOWED_PRIVATE_HOSTS).toBeUndefined();
    expect(
      readServerEnv({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: DEVELOPMENT_PRIVATE_HOSTS }, {})
        .WEBHOOK_ALLOWED_PRIVATE_HOSTS,
    ).toBe('localhost,127.0.0.1,[::1]');
    expect(
      readServerEnv({}, { WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'erp.internal, 10.0.0.5' })
        .WEBHOOK_ALLOWED_PRIVATE_HOSTS,
    ).toBe('erp.internal, 10.0.0.5');
    for (const bad of ['erp.internal:8080', '*.internal', 'http://erp.internal', 'erp internal']) {
      expect(() => readServerEnv({}, { WEBHOOK_ALLOWED_PRIVATE_HOSTS: bad }), bad).toThrow(
        /WEBHOOK_ALLOWED_PRIVATE_HOSTS: .*is not a host name or IP address/,
      );
    }
  });
});
