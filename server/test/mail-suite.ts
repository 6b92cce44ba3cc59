import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMailService, type MailService } from '../mail/mail-service.ts';
import { createSmtpTransport, type MailTransport } from '../mail/mail-transport.ts';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.ts';

type MailSettings = Parameters<typeof createMailService>[0];

/** The shop the mail tests send as, unless a test says otherwise. */
const SHOP: MailSettings = {
  SMTP_URL: undefined,
  MAIL_FROM: 'Loja Exemplo <recibos@loja-exemplo.test>',
  MAIL_REPLY_TO: undefined,
  SHOP_TIME_ZONE: 'America/Sao_Paulo',
  SHOP_NAME: 'Loja Exemplo',
  SHOP_BRAND_COLOR: undefined,
  SHOP_SUPPORT: undefined,
  SHOP_LOGO_PATH: undefined,
};

export interface MailSuite {
  /** A real SMTP server for the file, emptied (and up, refusing no one) before each test. */
  readonly inbox: SmtpInbox;
  readonly smtp: MailTransport;
  /** A production mail service (not the development mailbox) sending to the inbox, as `settings` configure it. */
  service(settings?: Partial<MailSettings>): MailService;
}

/** Starts the inbox and its transport for the file's tests (vitest hooks): the mail tests' shared set-up. */
export function mailSuite(): MailSuite {
  let inbox: SmtpInbox | undefined;
  let smtp: MailTransport | undefined;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    smtp = createSmtpTransport(inbox.url);
  });
  afterAll(async () => {
    smtp?.close();
    await inbox?.close();
  });
  beforeEach(() => inbox?.reset());
  const started = () => {
    if (!inbox || !smtp) throw new Error('the SMTP inbox starts in beforeAll');
    return { inbox, smtp };
  };
  return {
    get inbox() {
      return started().inbox;
    },
    get smtp() {
      return started().smtp;
    },
    service(settings = {}) {
      const { inbox: started_, smtp: transport } = started();
      return createMailService(
        { ...SHOP, SMTP_URL: started_.url, ...settings },
        { development: false, transport },
      );
    },
  };
}
