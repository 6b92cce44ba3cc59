import { Hono } from 'hono';
import { findByChallengeToken, setTransactionStatus } from '../../mock-core/gateway.ts';
import { TEST_CARDS } from '../../mock-core/scenarios.ts';
import { mockGatewayNow, type StoredTransaction } from '../../mock-core/store.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import {
  BANK_CSS,
  answeredChallengePage,
  challengePage,
  isWebUrl,
  unknownChallengePage,
} from './challenge-page.ts';
import { bankLocale } from './challenge-text.ts';

/** Frictionless test card: the stored first/last digits are all the mock keeps of the number. */
function isFrictionless(stored: StoredTransaction): boolean {
  const first = stored.transaction.card?.card_first_digits;
  const last = stored.transaction.card?.card_last_digits;
  if (!first || !last) return false;
  return TEST_CARDS.some(
    (card) => card.scenario === 'frictionless' && card.number.startsWith(first) && card.number.endsWith(last),
  );
}

function returnOf(stored: StoredTransaction): string | undefined {
  return stored.transaction.status === 'authorized'
    ? stored.threeDSecureReturn?.success
    : stored.threeDSecureReturn?.fail;
}

/**
 * The page this page may send the shopper on to: its own origin and the two return URLs' origins (a form
 * whose redirect leaves `form-action` is blocked by Chromium).
 */
function pageSecurityHeaders(stored: StoredTransaction | undefined): Record<string, string> {
  const targets = [stored?.threeDSecureReturn?.success, stored?.threeDSecureReturn?.fail]
    .filter(isWebUrl)
    .map((url) => new URL(url).origin);
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'self'",
      `form-action 'self' ${[...new Set(targets)].join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * The bank's 3DS challenge, served by the mock gateway itself (`threeDSecure.url` points here): a small
 * server-rendered page with Approve / Decline / Cancel that moves the transaction in mock-core and
 * redirects to the request's urlSuccess / urlFail.
 */
/** `merchantName`: the shop as a bank names it to its customer (SHOP_NAME), LOJA EXEMPLO without one. */
export function challengeRoutes(merchantName?: string): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();

  routes.get('/bank.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(BANK_CSS);
  });

  routes.get('/challenge', (c) => {
    const locale = bankLocale(c.req.header('accept-language'));
    const token = c.req.query('token') ?? '';
    const stored = token ? findByChallengeToken(token) : undefined;
    for (const [name, value] of Object.entries(pageSecurityHeaders(stored))) c.header(name, value);
    if (!stored) return c.html(unknownChallengePage(locale), 404);
    if (stored.transaction.status !== 'processing') {
      return c.html(answeredChallengePage(locale, returnOf(stored)));
    }
    return c.html(challengePage(locale, token, stored, isFrictionless(stored), merchantName));
  });

  routes.post('/challenge', async (c) => {
    const locale = bankLocale(c.req.header('accept-language'));
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? form.token : '';
    const decision = typeof form.decision === 'string' ? form.decision : '';
    const stored = token ? findByChallengeToken(token) : undefined;
    for (const [name, value] of Object.entries(pageSecurityHeaders(stored))) c.header(name, value);
    if (!stored) return c.html(unknownChallengePage(locale), 404);
    if (stored.transaction.status !== 'processing') {
      return c.html(answeredChallengePage(locale, returnOf(stored)), 409);
    }
    if (!['approve', 'decline', 'cancel'].includes(decision)) {
      return c.html(challengePage(locale, token, stored, isFrictionless(stored), merchantName), 400);
    }
    // "Approve" still fails for the test card whose challenge the bank refuses (mock-core scenarios). A
    // cancel is the shopper's own choice, not the bank's refusal: `canceled`, so the checkout tells them apart.
    const status =
      decision === 'approve'
        ? (stored.challengeOutcome ?? 'authorized')
        : decision === 'cancel'
          ? 'canceled'
          : 'refused';
    setTransactionStatus(String(stored.transaction.id), status, mockGatewayNow());
    const back =
      status === 'authorized' ? stored.threeDSecureReturn?.success : stored.threeDSecureReturn?.fail;
    if (isWebUrl(back)) return c.redirect(back, 303);
    return c.html(answeredChallengePage(locale, undefined));
  });

  return routes;
}
