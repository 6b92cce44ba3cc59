import type { CepProvider } from './address/cep-provider.ts';
import type { ServerEnv } from './env.ts';
import type { Database } from './db/database.ts';
import type { ResolveHost } from './egress/egress-policy.ts';
import type { GatewayClient } from './gateway/gateway-client.ts';
import type { BackgroundTasks } from './platform/background-tasks.ts';
import type { Logger } from './platform/logger.ts';
import type { ShopDefaults } from './shop/shop-identity.ts';
import type { MailService } from './mail/mail-service.ts';

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** Tunables, with production defaults in `DEFAULT_POLICY`; tests shrink them. */
export interface AppPolicy {
  /** Payment attempts per session (card testing on one link). */
  attemptsPerSession: WindowLimit;
  /** Payment attempts per client address, across sessions. */
  attemptsPerAddress: WindowLimit;
  /** Fee simulations per client address (the merchants' simulator page; each one is a gateway call). */
  simulationsPerAddress: WindowLimit;
  /** Fee simulations per shopper session (the page asks for each installment count; answers are cached). */
  simulationsPerSession: WindowLimit;
  /**
   * A "forced" read of a transaction (the shopper's page asking where a payment stands, a gateway webhook)
   * calls the gateway at most this often per attempt; in between, the recorded answer is served.
   */
  forcedReadIntervalMs: number;
  /** CEP lookups per client address (each may be a call to a paid or throttled provider). */
  cepLookupsPerAddress: WindowLimit;
  /**
   * Failed console log-ins (server/rate-limit/console-login-limits.ts; successes are not counted): per client
   * address across accounts (password spraying), refused past `max` until the window ends…
   */
  consoleLoginFailuresPerAddress: WindowLimit;
  /** …per account from one address (guessing one password), refused past `max` until the window ends… */
  consoleLoginFailuresPerAccountAddress: WindowLimit;
  /**
   * …and per account from every address: past `max` the account is paced, never refused — each address gets one
   * failure on it per `consoleLoginPaceMs` window, and an address that has not failed on it is not slowed.
   */
  consoleLoginFailuresPerAccount: WindowLimit;
  consoleLoginPaceMs: number;
  /** Console sessions end after this long without a request, and after `consoleSessionAbsoluteMs` whatever. */
  consoleSessionIdleMs: number;
  consoleSessionAbsoluteMs: number;
  /** Largest JSON body the API reads. */
  bodyLimitBytes: number;
  /** How often a page reload may make us ask the gateway about one attempt. */
  refreshIntervalMs: number;
  /** An unknown outcome with no match this long after the attempt began lets the shopper pay again. */
  unknownGraceMs: number;
  /** How far around an attempt's times a gateway transaction may have been created to match it. */
  matchWindowMs: number;
  /** A `sending` attempt older than this lost its process mid-call: it is treated as `unknown`. */
  sendingStaleMs: number;
  /**
   * The gateway's list is scanned for unknown outcomes at most this often, by one instance for every session
   * and instance (payments/settle-blocking-attempts.ts, decision 311).
   */
  unknownScanIntervalMs: number;
}

export const DEFAULT_POLICY: AppPolicy = {
  attemptsPerSession: { max: 10, windowMs: 15 * 60_000 },
  attemptsPerAddress: { max: 30, windowMs: 10 * 60_000 },
  // One simulation on the page is 12 calls (the result and the 1–12x comparison): ~100 simulations.
  simulationsPerAddress: { max: 1_200, windowMs: 10 * 60_000 },
  simulationsPerSession: { max: 120, windowMs: 10 * 60_000 },
  forcedReadIntervalMs: 1_000,
  // A shopper looks up one or two CEPs; a shop's office behind one address, many more.
  cepLookupsPerAddress: { max: 300, windowMs: 10 * 60_000 },
  consoleLoginFailuresPerAddress: { max: 30, windowMs: 15 * 60_000 },
  consoleLoginFailuresPerAccountAddress: { max: 5, windowMs: 15 * 60_000 },
  consoleLoginFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  consoleLoginPaceMs: 60_000,
  consoleSessionIdleMs: 30 * 60_000,
  consoleSessionAbsoluteMs: 12 * 3_600_000,
  bodyLimitBytes: 64 * 1024,
  refreshIntervalMs: 3_000,
  unknownGraceMs: 2 * 60_000,
  matchWindowMs: 5 * 60_000,
  sendingStaleMs: 90_000,
  unknownScanIntervalMs: 5_000,
};

export interface AppDeps {
  env: ServerEnv;
  log: Logger;
  db: Database;
  gateway: GatewayClient;
  /** The merchant API key (CHECKOUT_SECRET_KEY, or the demo key `npm start` made). */
  secretKey: string;
  /** Origin of shopper links and 3DS return URLs, without a trailing slash. */
  publicUrl: string;
  now: () => Date;
  /** EMBED_ALLOWED_ORIGINS: origins that may frame any session (a session may add its own). */
  embedOrigins: string[];
  /** Resolved once where the deps are made (bootstrap.ts: DEFAULT_POLICY with the caller's overrides). */
  policy: AppPolicy;
  /** Where CEPs are looked up; default from CEP_PROVIDER (address/cep-provider-choice.ts). */
  cepProvider?: CepProvider;
  /** How merchants' webhook hosts are resolved before each is checked; default the system's (tests: a fake DNS). */
  resolveHost?: ResolveHost;
  /** The SHOP_* settings, read at start (the logo file too): what the console's identity overrides. */
  shopDefaults?: ShopDefaults;
  /** Work requests start without waiting for it (webhook re-reads); shutdown and tests wait for it. */
  background: BackgroundTasks;
  /** How e-mails go (server/mail/mail-service.ts); absent: none are queued or sent (tests that do not mail). */
  mail?: MailService;
}
