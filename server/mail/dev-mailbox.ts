import type { MailTransport, OutgoingMail } from './mail-transport.ts';

/** A mail as `npm start` keeps it: what an inbox would show. */
export interface CapturedMail {
  id: string;
  at: Date;
  from: string;
  to: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
  /** The HTML with the inline logo as a data: URL (the page shows it without a mail client). */
  html: string;
  headers: Record<string, string>;
}

export interface DevMailbox {
  transport: MailTransport;
  /** Newest first. */
  list(): readonly CapturedMail[];
  find(id: string): CapturedMail | undefined;
}

/** The newest mails kept (a development session's worth). */
const KEPT = 200;

/**
 * `npm start`'s mailbox: the mail worker hands mails to this transport instead of SMTP, and the development
 * mailbox page (server/mock-gateway/dev-mailbox-page.ts) shows them. In memory: a restart empties it, as a
 * development database of PGlite would not — the mails' records stay in mail_sends.
 */
export function createDevMailbox(): DevMailbox {
  const mails: CapturedMail[] = [];
  let counter = 0;
  const capture = (mail: OutgoingMail): CapturedMail => {
    counter += 1;
    const html = mail.inline.reduce(
      (page, image) =>
        page.replaceAll(
          `cid:${image.cid}`,
          `data:${image.contentType};base64,${Buffer.from(image.content).toString('base64')}`,
        ),
      mail.html,
    );
    return {
      id: `m${counter}`,
      at: new Date(),
      from: mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html,
      headers: mail.headers,
    };
  };
  return {
    transport: {
      send: (mail) => {
        mails.unshift(capture(mail));
        mails.length = Math.min(mails.length, KEPT);
        return Promise.resolve({ kind: 'accepted', response: '250 kept in the development mailbox' });
      },
      close: () => undefined,
    },
    list: () => mails,
    find: (id) => mails.find((mail) => mail.id === id),
  };
}
