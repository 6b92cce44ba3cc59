import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../../mock-core/scenarios.ts';
import { GATEWAY_TOKEN, SECRET_KEY, SERVER_LOG } from '../server-origins.ts';
import { APPROVED_VISA } from '../test-shoppers.ts';

/**
 * Runs after every server spec (playwright.config.ts: project `server-log` depends on `server`): the
 * checkout server's whole output — every request, card and 3DS payment of the run — must hold no card
 * number, CVV, expiry, or token. The card data did pass through the server: it must leave no trace.
 */
test('the server’s log output holds no card number, CVV or token', () => {
  const output = readFileSync(SERVER_LOG, 'utf8');
  // It is the real output of a run that paid: requests to the shopper API are in it.
  expect(output).toMatch(/\/api\/pay\/cs_/);
  expect(output).toMatch(/v1\/transactions/);

  // Also written with spaces, dots or dashes between the groups, as a shopper types it.
  const digitsOnly = output.replace(/[\s.-]/g, '');
  for (const card of TEST_CARDS) {
    expect(digitsOnly, `card ${card.number}`).not.toContain(card.number);
  }
  for (const key of ['card_number', 'card_cvv', 'card_expiration_date', 'card_hash', '"cvv"']) {
    expect(output, key).not.toContain(key);
  }
  // The CVV and expiry every test typed, as the gateway would receive them. A request that took 123 ms
  // is not a CVV: the timings are taken out first (seen in a run).
  const untimed = output.replace(/"duration_ms":[\d.]+/g, '');
  expect(untimed).not.toMatch(new RegExp(`["=:]\\s*"?${APPROVED_VISA.cvv}"?[,}\\s]`));
  // As a value of its own: a random request id may hold the same four digits inside it (seen in CI).
  const expiry = APPROVED_VISA.expiry.replace('/', '');
  expect(output).not.toMatch(new RegExp(`(?<![0-9A-Za-z-])${expiry}(?![0-9A-Za-z-])`));
  expect(output, 'the merchant secret key').not.toContain(SECRET_KEY);
  expect(output, 'the gateway token').not.toContain(GATEWAY_TOKEN);
  expect(output).not.toMatch(/Bearer\s+[A-Za-z0-9]/);
});
