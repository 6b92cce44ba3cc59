import { describe, expect, it } from 'vitest';
import { isAllowedGatewayCall } from './gateway-allow-list.ts';

describe('the token-adding proxy lets through only what the checkout calls', () => {
  it.each([
    ['POST', '/v1/transactions'],
    ['GET', '/v1/transactions/1234'],
    ['POST', '/v1/simulate/tax'],
  ])('%s %s passes', (method, path) => {
    expect(isAllowedGatewayCall(method, path)).toBe(true);
  });

  it.each([
    ['GET', '/v1/transactions'],
    ['GET', '/v1/transactions?page=2'],
    ['POST', '/v1/transactions/12/refund'],
    ['POST', '/v1/transactions/12/capture'],
    ['POST', '/v1/cards'],
    ['DELETE', '/v1/transactions/12'],
    ['GET', '/v1/transactions/../customers'],
    ['GET', '/v1/transactions/12?x=1'],
  ])('%s %s is refused', (method, path) => {
    expect(isAllowedGatewayCall(method, path)).toBe(false);
  });
});
