import type { ServerEnv } from '../env.ts';
import { shopIdentityFrom, type ShopDefaults } from '../shop/shop-identity.ts';
import { mailAddress, parseMailbox, type Mailbox } from './mail-address.ts';
import { createDevMailbox, type DevMailbox } from './dev-mailbox.ts';
import { createSmtpTransport, type MailTransport } from './mail-transport.ts';

/**
 * How this server sends mail: `smtp` (SMTP_URL), `capture` (`npm start` without SMTP_URL: every mail kept in the
 * development mailbox, nothing leaves the machine) or `off` (production without SMTP_URL: nothing is queued or
 * sent, and the console says so).
 */
export type MailMode = 'smtp' | 'capture' | 'off';

export interface MailService {
  mode: MailMode;
  transport: MailTransport | undefined;
  from: Mailbox;
  /** MAIL_REPLY_TO, else the shop's support address when it is one. */
  replyTo: string | undefined;
  /** The SHOP_* settings: what the console's Settings → Shop overrides, read at each pass (current-shop.ts). */
  shop: ShopDefaults;
  timeZone: string;
  mailbox: DevMailbox | undefined;
  /** SMTP only: connects and logs in once (start-up check); rejects with the server's answer. */
  verify?: () => Promise<void>;
}

/** The sender of `npm start`'s captured mails when MAIL_FROM is unset. */
const DEVELOPMENT_FROM: Mailbox = {
  name: 'Checkout (development)',
  address: 'checkout@localhost.localdomain',
};

export function createMailService(
  env: Pick<
    ServerEnv,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'MAIL_REPLY_TO'
    | 'SHOP_TIME_ZONE'
    | 'SHOP_NAME'
    | 'SHOP_BRAND_COLOR'
    | 'SHOP_SUPPORT'
    | 'SHOP_LOGO_PATH'
  >,
  options: { development: boolean; transport?: MailTransport },
): MailService {
  const shop = shopIdentityFrom(env);
  const from = (env.MAIL_FROM === undefined ? undefined : parseMailbox(env.MAIL_FROM)) ?? DEVELOPMENT_FROM;
  const replyTo = env.MAIL_REPLY_TO ?? mailAddress(env.SHOP_SUPPORT) ?? undefined;
  const base = { from, replyTo, shop, timeZone: env.SHOP_TIME_ZONE };
  if (options.transport) return { ...base, mode: 'smtp', transport: options.transport, mailbox: undefined };
  if (env.SMTP_URL !== undefined) {
    const smtp = createSmtpTransport(env.SMTP_URL);
    return { ...base, mode: 'smtp', transport: smtp, mailbox: undefined, verify: smtp.verify };
  }
  if (options.development) {
    const mailbox = createDevMailbox();
    return { ...base, mode: 'capture', transport: mailbox.transport, mailbox };
  }
  return { ...base, mode: 'off', transport: undefined, mailbox: undefined };
}
