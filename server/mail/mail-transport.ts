import nodemailer from 'nodemailer';
import type { Mailbox } from './mail-address.ts';

/** One e-mail ready to go: addresses checked, header text flattened (mail-address.ts), bodies rendered. */
export interface OutgoingMail {
  /** Our id: the Message-ID's left part, the same at every try and resend of this row. */
  id: string;
  from: Mailbox;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Inline images the HTML names as `cid:…` (the shop's logo): nothing is fetched when it is read. */
  inline: { cid: string; filename: string; contentType: string; content: Uint8Array }[];
  /** Extra headers (List-Unsubscribe…): fixed names, values built by us. */
  headers: Record<string, string>;
}

/** What a try came to: accepted (250), refused for good (5xx), or not now (4xx, no answer, no connection). */
export type SendOutcome =
  | { kind: 'accepted'; response: string }
  | { kind: 'refused'; response: string }
  | { kind: 'retry'; response: string };

export interface MailTransport {
  /** Never rejects for an SMTP or network failure (those are outcomes); a rejection is a crash. */
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

/** How long a connection, a greeting and a silent socket may take: one try ends well inside the lease. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

/**
 * SMTP_URL as nodemailer's options. `smtps://` is TLS from the first byte (465); `smtp://` upgrades with
 * STARTTLS and refuses a server that does not offer it, unless `?tls=off` (a relay on this machine, a test).
 */
export function smtpOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const tlsOff = parsed.searchParams.get('tls') === 'off';
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !tlsOff,
    ignoreTLS: tlsOff,
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // Nothing in a mail is read from a path or fetched from a URL: only the bytes we give.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The message as nodemailer takes it. */
export function nodemailerMessage(mail: OutgoingMail) {
  const domain = mail.from.address.split('@')[1] ?? 'localhost';
  return {
    from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@${domain}>`,
    headers: mail.headers,
    attachments: mail.inline.map((image) => ({
      cid: image.cid,
      filename: image.filename,
      contentType: image.contentType,
      content: Buffer.from(image.content),
      contentDisposition: 'inline' as const,
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A refusal is for good when the server said 5xx to the envelope or the message; anything else is tried again. */
export function outcomeOfError(error: unknown): SendOutcome {
  const smtp = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const response = (smtp.response ?? smtp.message ?? String(error)).slice(0, 500);
  const permanent =
    smtp.responseCode !== undefined &&
    smtp.responseCode >= 500 &&
    (smtp.code === 'EENVELOPE' || smtp.code === 'EMESSAGE');
  return permanent
    ? { kind: 'refused', response }
    : { kind: 'retry', response: `${smtp.code ?? 'error'}: ${response}` };
}

/** The SMTP transport (SMTP_URL), one connection per mail (a handful a minute; no pool to go stale). */
export function createSmtpTransport(url: string): MailTransport & { verify: () => Promise<void> } {
  const transporter = nodemailer.createTransport(smtpOptions(url));
  return {
    send: async (mail) => {
      try {
        const info = (await transporter.sendMail(nodemailerMessage(mail))) as { response?: string };
        return { kind: 'accepted', response: (info.response ?? '250').slice(0, 500) };
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    verify: async () => {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}
