import { Hono } from 'hono';
import type { CapturedMail, DevMailbox } from '../mail/dev-mailbox.ts';
import { escapeHtml } from './challenge-page.ts';

/** Where the mailbox lives: beside the mock gateway's control page (public in `npm start` only). */
export const DEV_MAILBOX_PATH = '/control/mailbox';

/** The list and each mail's page: no script, inline styles only, framing only the mail's own body. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/**
 * A mail's HTML as a mail client shows it: its inline styles and data: images, nothing else — no script, no
 * request anywhere (a mail that tried one would show it broken here, as a careful client would), sandboxed.
 */
const MAIL_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a2e; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid #e0e0ea; vertical-align: top; }
.table { overflow-x: auto; }
iframe { width: 100%; max-width: 100%; height: 70vh; border: 1px solid #c8c8d8; border-radius: 8px; }
pre { white-space: pre-wrap; background: #f6f6fa; padding: 1rem; border-radius: 8px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dd { margin: 0; word-break: break-all; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function listPage(mails: readonly CapturedMail[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.at.toISOString().slice(11, 19))}</td><td>${escapeHtml(mail.to)}</td><td><a href="mailbox/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a></td></tr>`,
    )
    .join('\n');
  return page(
    'Development mailbox',
    `<h1>Development mailbox</h1>
<p>Every e-mail the checkout sent in this <code>npm start</code>, kept here instead of going out (set <code>SMTP_URL</code> to send for real). Newest first; a restart empties it. <a href="./">Mock gateway controls</a></p>
${rows ? `<div class="table"><table><thead><tr><th scope="col">Time (UTC)</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>` : '<p>No mail yet. Pay a checkout that knows the shopper’s e-mail.</p>'}
<p><a href="mailbox">Refresh</a></p>`,
  );
}

function mailPage(mail: CapturedMail): string {
  const headers = [
    ['From', mail.from],
    ['To', mail.to],
    ...(mail.replyTo ? [['Reply-To', mail.replyTo]] : []),
    ['Subject', mail.subject],
    ...Object.entries(mail.headers),
  ]
    .map(([name, value]) => `<dt>${escapeHtml(name ?? '')}</dt><dd>${escapeHtml(value ?? '')}</dd>`)
    .join('\n');
  return page(
    mail.subject,
    `<p><a href="../mailbox">All mails</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl>${headers}</dl>
<h2>HTML</h2>
<iframe sandbox title="${escapeHtml(`The mail: ${mail.subject}`)}" src="${escapeHtml(mail.id)}/html"></iframe>
<h2>Plain text</h2>
<pre>${escapeHtml(mail.text)}</pre>`,
  );
}

/**
 * `npm start`'s mailbox page (the mail service's `capture` mode, server/mail/dev-mailbox.ts): the list, each
 * mail with its headers, its HTML in a sandboxed frame and its text, and `mailbox/json` for tests and scripts.
 */
export function devMailboxRoutes(mailbox: DevMailbox): Hono {
  const app = new Hono();
  const policy = (value: string) => ({ 'Content-Security-Policy': value, 'Cache-Control': 'no-store' });
  app.get('/', (c) => c.html(listPage(mailbox.list()), 200, policy(PAGE_POLICY)));
  app.get('/json', (c) =>
    c.json(
      mailbox.list().map((mail) => ({
        id: mail.id,
        at: mail.at.toISOString(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      })),
      200,
      { 'Cache-Control': 'no-store' },
    ),
  );
  app.get('/:id', (c) => {
    const mail = mailbox.find(c.req.param('id'));
    return mail ? c.html(mailPage(mail), 200, policy(PAGE_POLICY)) : c.notFound();
  });
  app.get('/:id/html', (c) => {
    const mail = mailbox.find(c.req.param('id'));
    return mail ? c.html(mail.html, 200, policy(MAIL_POLICY)) : c.notFound();
  });
  return app;
}
