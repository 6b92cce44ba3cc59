import * as z from 'zod/mini';
import { parsePrivateHosts } from './egress/private-hosts.ts';
import { EMAIL, parseMailbox } from './mail/mail-address.ts';

/**
 * The one reader of process.env. Everything else receives a parsed `ServerEnv` (tests build their own).
 * Unset values mean the embedded defaults: PGlite under .data/, the mock gateway in this process.
 */
const optionalText = z.optional(z.string().check(z.trim(), z.minLength(1)));

export const serverEnvSchema = z.object({
  NODE_ENV: z.optional(z.enum(['development', 'production', 'test'])),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65_535)), 5173),
  HOST: z._default(z.string(), '0.0.0.0'),
  /** The merchant API key (Authorization: Bearer …). `npm start` makes and prints a demo one when unset. */
  CHECKOUT_SECRET_KEY: z.optional(z.string().check(z.minLength(24))),
  /** The gateway's {base_url}; unset = the in-process mock gateway. */
  GATEWAY_URL: z.optional(z.url({ protocol: /^https?$/ })),
  GATEWAY_TOKEN: optionalText,
  /**
   * `true` offers boleto to sessions that ask for it (`methods: ["boleto"]`). Unset: on with the mock
   * gateway, OFF with a real one — the gateway's boleto fields are assumed from its family's API
   * (docs/decisions/230-boleto-adapter.md) until the merchant confirms them with the gateway.
   */
  BOLETO_ENABLED: z.optional(z.enum(['true', 'false'])),
  /** postgres://… for a real PostgreSQL; unset = embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//))),
  DATA_DIR: z._default(z.string(), '.data'),
  /**
   * PostgreSQL: the general pool's connections per instance (transactions, the console, the jobs). Unset =
   * openPostgres's default (server/db/open-database.ts), as for every caller of openDatabase.
   */
  DATABASE_CONNECTIONS: z.optional(z.coerce.number().check(z.int(), z.gte(2), z.lte(100))),
  /**
   * PostgreSQL: the checkout lane's connections per instance (creating a session, reading it for a payment,
   * beginning and recording a payment; docs/decisions/279-a-checkout-lane-of-two-connections.md). Unset =
   * openPostgres's default.
   */
  DATABASE_CHECKOUT_CONNECTIONS: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  /** Comma list of exact origins that may frame any session (a session may add its own). */
  EMBED_ALLOWED_ORIGINS: z._default(z.string(), ''),
  /** The origin in shopper links (https://pay.example.com). Unset = http://localhost:PORT. */
  PUBLIC_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /**
   * Which X-Forwarded-For hops to believe: unset/`false` = none (use the socket address), `true` = one
   * proxy in front (its hop, the rightmost entry; never the client-chosen leftmost), a number = that many
   * proxies in front, or a comma list of proxy addresses.
   */
  TRUST_PROXY: optionalText,
  /** Where signed events go (docs/merchants/events.md); unset = events wait in the outbox. */
  MERCHANT_WEBHOOK_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /** HMAC key of `Checkout-Signature`; required with MERCHANT_WEBHOOK_URL. */
  MERCHANT_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(16))),
  /**
   * Comma list of hosts (names or IP addresses, exactly as in the URL) that merchants' webhook endpoints may
   * use although they are, or resolve to, private addresses (docs/decisions/280-webhook-egress-policy.md).
   * Unset: public addresses only. `npm start` sets `localhost,127.0.0.1,[::1]`. MERCHANT_WEBHOOK_URL needs none.
   */
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z.optional(
    z.string().check(
      z.refine((list) => !('error' in parsePrivateHosts(list)), {
        error: (issue) => {
          const parsed = parsePrivateHosts(typeof issue.input === 'string' ? issue.input : '');
          return 'error' in parsed ? `${parsed.error} (a comma list of exact hosts)` : 'invalid list';
        },
      }),
    ),
  ),
  /**
   * When set, gateway webhooks must carry a valid `X-Gateway-Signature`
   * (docs/decisions/068-gateway-webhooks-in.md).
   */
  GATEWAY_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(16))),
  /**
   * Development only: `true` accepts unsigned gateway webhooks while GATEWAY_WEBHOOK_SECRET is unset
   * (otherwise they are refused with 401: each one costs a gateway read). Ignored when a secret is set.
   */
  GATEWAY_WEBHOOK_ALLOW_UNSIGNED: z.optional(z.enum(['true', 'false'])),
  /**
   * Where the CEP autofill asks (docs/operators/shop-identity-and-cep.md): `viacep`, `brasilapi`, `dataset`
   * (a few real CEPs, no network), `off`, or a ViaCEP-compatible URL with `{cep}` where the 8 digits go.
   * Unset: `viacep` with a real gateway (GATEWAY_URL), `dataset` on the mock gateway.
   */
  CEP_PROVIDER: z.optional(
    z.union([
      z.enum(['viacep', 'brasilapi', 'dataset', 'off']),
      z.url({ protocol: /^https?$/ }).check(z.refine((url) => url.includes('{cep}'), 'must contain {cep}')),
    ]),
  ),
  /** The older name of a CEP_PROVIDER URL; CEP_PROVIDER wins when both are set. */
  CEP_PROVIDER_URL: z.optional(
    z.url({ protocol: /^https?$/ }).check(z.refine((url) => url.includes('{cep}'), 'must contain {cep}')),
  ),
  /** The shop's name in the shopper's header, page title and result pages (≤ 60 characters); unset: "Checkout". */
  SHOP_NAME: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  /**
   * A PNG, JPEG or WebP file (≤ 64 kB) the checkout serves itself at /shop/logo: no third-party fetch.
   * Checked at start; a file that is missing, too big or not an image stops the server with the reason.
   */
  SHOP_LOGO_PATH: optionalText,
  /** `#rrggbb`: buttons, links and the header accent. Darkened as needed to keep AA contrast with white. */
  SHOP_BRAND_COLOR: z.optional(z.string().check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb'))),
  /** Where a shopper asks for help: an e-mail address or an https: URL; shown on the result pages. */
  SHOP_SUPPORT: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(200),
      z.refine(
        (value) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value) || /^https:\/\/[^\s<>"]+$/.test(value),
        'must be an e-mail address or an https: URL',
      ),
    ),
  ),
  /**
   * Where e-mails go (docs/merchants/receipts-and-notices.md): `smtps://user:pass@host:465` (TLS from the first
   * byte) or `smtp://user:pass@host:587` (STARTTLS, required unless `?tls=off`, for a relay on this machine only).
   * Unset: no mail is sent (the console says so); `npm start` keeps every mail in its development mailbox.
   */
  SMTP_URL: z.optional(
    z.url({ protocol: /^smtps?$/, error: 'must be smtp://… or smtps://… (user:password@host:port)' }),
  ),
  /** The sender: `recibos@loja.com.br` or `Loja Exemplo <recibos@loja.com.br>`; required with SMTP_URL. */
  MAIL_FROM: z.optional(
    z.string().check(
      z.trim(),
      z.refine(
        (value) => parseMailbox(value) !== null,
        'must be an address or "Name <address>", on one line',
      ),
    ),
  ),
  /** Where shoppers' answers go; unset: SHOP_SUPPORT when it is an e-mail address, else none. */
  MAIL_REPLY_TO: z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => EMAIL.test(value), 'must be an e-mail address'),
    ),
  ),
  /**
   * The shop's IANA time zone: the dates in e-mails (a receipt's "paid at") and in the console's CSV exports.
   */
  SHOP_TIME_ZONE: z._default(
    z
      .string()
      .check(z.refine((zone) => isTimeZone(zone), 'must be an IANA time zone, e.g. America/Sao_Paulo')),
    'America/Sao_Paulo',
  ),
  /** `false` keeps this instance from running the background jobs (they run in every instance by default). */
  RUN_JOBS: z._default(z.enum(['true', 'false']), 'true'),
  /**
   * Days a delivered merchant event (and its delivery attempts) is kept before the sweeps delete it
   * (docs/operators/fault-tolerance.md); pending and failed events and payments are never pruned.
   */
  RETENTION_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(3_650)), 30),
  /**
   * How long a gateway call may take (connect, headers, body) before its outcome is unknown and matched
   * later (decision 043). At most 20 s: it must end inside the 25 s shutdown drain (decision 123).
   */
  GATEWAY_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(500), z.lte(20_000)), 20_000),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** `1` lets the production build run on the mock gateway, for a local try-out (main.ts refuses otherwise). */
  ALLOW_MOCK_GATEWAY: z.optional(z.string()),
});
export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** WEBHOOK_ALLOWED_PRIVATE_HOSTS under `npm start`: the developer's own machine. */
export const DEVELOPMENT_PRIVATE_HOSTS = 'localhost,127.0.0.1,[::1]';

/** `defaults`: what an unset variable means in this mode, before the schema's own defaults. */
export function readServerEnv(
  defaults: NodeJS.ProcessEnv = {},
  source: NodeJS.ProcessEnv = process.env,
): ServerEnv {
  const parsed = serverEnvSchema.safeParse({ ...defaults, ...source });
  if (parsed.success && parsed.data.SMTP_URL !== undefined && parsed.data.MAIL_FROM === undefined)
    throw new Error(
      'Invalid server environment:\n  MAIL_FROM: required with SMTP_URL (the sender of every e-mail)',
    );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid server environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Whether sessions may offer boleto (BOLETO_ENABLED; unset: only on the mock gateway). */
export function boletoEnabled(env: Pick<ServerEnv, 'BOLETO_ENABLED' | 'GATEWAY_URL'>): boolean {
  return env.BOLETO_ENABLED === undefined ? env.GATEWAY_URL === undefined : env.BOLETO_ENABLED === 'true';
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
