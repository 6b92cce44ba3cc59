import type { Database } from '../db/database.ts';
import { currentShopLogo } from '../shop/current-shop.ts';
import type { MailSendRow } from '../db/rows.ts';
import type { Logger } from '../platform/logger.ts';
import { logoFilename } from './mail-logo.ts';
import { MAIL } from './mail-machine.ts';
import {
  claimDueMails,
  expireStaleSending,
  markSending,
  pullMailRetriesForward,
  recordMailOutcome,
  releaseMailClaims,
} from './mail-repository.ts';
import type { MailService } from './mail-service.ts';
import type { OutgoingMail } from './mail-transport.ts';

export interface MailPolicy {
  batchSize: number;
  /** A claimed mail belongs to this worker until then; past it a `sending` mail is `unknown`. */
  leaseMs: number;
  /** Back-off: first retry after this, doubling… */
  firstRetryMs: number;
  /** …up to this. */
  maxRetryMs: number;
  /** A mail not accepted this long after it was queued (or resent) is failed. */
  giveUpAfterMs: number;
}

/**
 * Documented in docs/merchants/receipts-and-notices.md: retried after 30 s, doubling up to 30 min, failed after
 * 3 days; when SMTP answers again every waiting mail goes at once. The lease outlasts one SMTP try
 * (connection and socket time-outs: mail-transport.ts).
 */
export const DEFAULT_MAIL_POLICY: MailPolicy = {
  batchSize: 10,
  leaseMs: 60_000,
  firstRetryMs: 30_000,
  maxRetryMs: 30 * 60_000,
  giveUpAfterMs: 3 * 24 * 3_600_000,
};

/** The logo's bytes as mails attach them. */
type ShopLogoBytes = NonNullable<Awaited<ReturnType<typeof currentShopLogo>>>;

export interface MailWorkerDeps {
  db: Database;
  log: Logger;
  mail: MailService;
  now: () => Date;
  policy?: Partial<MailPolicy>;
  signal?: AbortSignal;
}

/** Said of a mail whose worker stopped between handing it to SMTP and recording the answer. */
export const UNKNOWN_RESPONSE =
  'The sender stopped while this mail was being handed to SMTP: it may have been sent. Not sent again by itself, so no one gets it twice; resend it if it did not arrive.';

function retryDelayMs(attempts: number, policy: MailPolicy): number {
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/** The row as the transport sends it: the stored mail, the sender, the logo inline, the notice's headers. */
function outgoing(mail: MailService, row: MailSendRow, shopLogo: ShopLogoBytes | undefined): OutgoingMail {
  const logo = row.message.logo ? shopLogo : undefined;
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (row.message.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${row.message.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    id: row.id,
    from: mail.from,
    to: row.recipient,
    ...(mail.replyTo && row.userId === null ? { replyTo: mail.replyTo } : {}),
    subject: row.message.subject,
    text: row.message.text,
    html: row.message.html,
    inline: logo
      ? [{ cid: 'shop-logo', filename: logoFilename(logo), contentType: logo.type, content: logo.bytes }]
      : [],
    headers,
  };
}

/**
 * One pass of the mail worker: mails whose worker stopped mid-send become `unknown`; due mails are claimed
 * under a lease, each marked `sending` (committed) before it goes to SMTP and its answer recorded after —
 * accepted: `sent`; refused for good (5xx): `failed`; anything else: tried again with back-off, `failed` after
 * the give-up time. Answers how many were claimed and sent.
 */
export async function sendMailsOnce(deps: MailWorkerDeps): Promise<{ claimed: number; sent: number }> {
  const { transport } = deps.mail;
  if (!transport || deps.signal?.aborted) return { claimed: 0, sent: 0 };
  const policy = { ...DEFAULT_MAIL_POLICY, ...deps.policy };
  const expired = await expireStaleSending(deps.db, deps.now(), UNKNOWN_RESPONSE);
  if (expired > 0)
    deps.log.warn('mail: sends interrupted, marked unknown (not sent again by themselves)', { expired });
  const start = deps.now();
  const leaseUntil = new Date(start.getTime() + policy.leaseMs);
  const claimed = await claimDueMails(deps.db, { now: start, leaseUntil, limit: policy.batchSize });
  let sent = 0;
  let recovered = false;
  const queue = [...claimed];
  // The logo as the shop has it now (the console's, else SHOP_LOGO_PATH's), read once a pass.
  const shopLogo = claimed.length
    ? await currentShopLogo({ db: deps.db, shopDefaults: deps.mail.shop })
    : undefined;
  for (let row = queue.shift(); row && !deps.signal?.aborted; row = queue.shift()) {
    if (!(await markSending(deps.db, row.id, leaseUntil, deps.now()))) continue;
    const outcome = await transport.send(outgoing(deps.mail, row, shopLogo));
    const at = deps.now();
    if (outcome.kind === 'accepted') {
      await recordMailOutcome(deps.db, row.id, { status: MAIL.sent, response: outcome.response, at });
      sent += 1;
      if (row.attempts > 1) recovered = true;
      continue;
    }
    const giveUp =
      outcome.kind === 'refused' || at.getTime() - row.queuedAt.getTime() >= policy.giveUpAfterMs;
    await recordMailOutcome(deps.db, row.id, {
      status: giveUp ? MAIL.failed : MAIL.pending,
      response: outcome.response,
      at,
      nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts, policy)),
    });
    deps.log.warn('mail not sent', {
      mailId: row.id,
      kind: row.kind,
      attempts: row.attempts,
      giveUp,
      response: outcome.response,
    });
  }
  // Shutdown: claimed but not started go back at once.
  await releaseMailClaims(
    deps.db,
    queue.map((row) => row.id),
  );
  // A mail that had failed went through: SMTP is back, everything waiting goes now.
  if (recovered) await pullMailRetriesForward(deps.db, deps.now());
  return { claimed: claimed.length, sent };
}
