import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it: the envelope, the raw bytes and the parsed message. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:{port}?tls=off`: a real SMTP server on a port the system chose. */
  url: string;
  received: ReceivedMail[];
  /** Down: every connection is refused with 421 (a server that is there but will not take mail now). */
  setDown(down: boolean): void;
  /** Refuses RCPT TO for this address with 550 (a mailbox that does not exist). */
  refuse(address: string): void;
  /** Up, refusing no one, nothing received. */
  reset(): void;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) that keeps what it receives, parsed by mailparser. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (down) {
        callback(Object.assign(new Error('Service not available, try later'), { responseCode: 421 }));
        return;
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((to) => to.address),
              raw,
              parsed,
            });
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    received,
    setDown: (value) => {
      down = value;
    },
    refuse: (address) => refused.add(address.toLowerCase()),
    reset: () => {
      down = false;
      refused.clear();
      received.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
