import { describe, expect, it } from 'vitest';
import { GatewayError } from './gateway-error.ts';
import { needsSessionCheck } from './session-check.ts';

describe('needsSessionCheck', () => {
  it('asks the server after a lost answer, or when the session moved on', () => {
    expect(needsSessionCheck(new GatewayError('timeout', 'x', { outcomeUnknown: true }))).toBe(true);
    expect(needsSessionCheck(new GatewayError('server', 'x', { status: 504, outcomeUnknown: true }))).toBe(
      true,
    );
    expect(needsSessionCheck(new GatewayError('server', 'paid already', { status: 409 }))).toBe(true);
    expect(needsSessionCheck(new GatewayError('server', 'expired', { status: 410 }))).toBe(true);
  });

  it('leaves the form’s own errors to the form', () => {
    expect(needsSessionCheck(new GatewayError('integration', 'bad CVV', { status: 400 }))).toBe(false);
    expect(needsSessionCheck(new GatewayError('server', 'unavailable', { status: 503 }))).toBe(false);
    expect(needsSessionCheck(new GatewayError('network', 'offline'))).toBe(false);
  });
});
