import { random128 } from '../platform/random-id.ts';
import { currentShop } from '../shop/current-shop.ts';
import type { ShopIdentity } from '../shop/shop-identity.ts';
import type { Database } from '../db/database.ts';
import type { CheckoutSessionRow, ConsoleUserRow, PaymentAttemptRow, StoredMail } from '../db/rows.ts';
import { boletoDueDate, boletoLineOf } from '../gateway/boleto-adapter.ts';
import { imageSizeOfLogo } from './mail-logo.ts';
import { mailAddress } from './mail-address.ts';
import { noticesOf, type MailKind, type NoticeKind, type ReceiptKind } from './mail-kinds.ts';
import type { MailShop } from './mail-layout.ts';
import { MAIL } from './mail-machine.ts';
import {
  ensureNoticesToken,
  insertMails,
  lockUnmailedEvents,
  mailContext,
  mailsToRecipientSince,
  markEventsMailed,
  noticeUsers,
  type UnmailedEvent,
} from './mail-repository.ts';
import type { MailService } from './mail-service.ts';
import { renderNotice } from './notice-render.ts';
import { renderReceipt, type ReceiptFacts } from './receipt-render.ts';
import type { MailLocale } from './receipt-words.ts';

/** Past this many mails in an hour to one inbox, further notices are held for the daily summary. */
export const NOTICES_PER_HOUR = 30;
/** …and further receipts to one shopper's address are held (a flood of payments is not a flood of mail). */
export const RECEIPTS_PER_HOUR = 20;
/** An event older than this when first seen (mail was off) is not mailed: its moment has passed. */
export const MAIL_EVENTS_MAX_AGE_MS = 24 * 3_600_000;
const BATCH = 50;
/** The checkout's default brand colour (the shopper page's green). */
const DEFAULT_COLOR = '#0a7d48';

export interface MailQueueDeps {
  db: Database;
  mail: MailService;
  publicUrl: string;
  now: () => Date;
}

type Method = ReceiptFacts['method'];

function methodOf(attempt: PaymentAttemptRow): Method {
  return attempt.paymentMethod === 'pix' || attempt.paymentMethod === 'boleto'
    ? attempt.paymentMethod
    : 'credit_card';
}

/** Which receipt an event means for a shopper, and which notice for the shop (none: undefined). */
export function mailsOfEvent(
  type: string,
  method: Method,
): { receipt?: ReceiptKind; notice?: Exclude<NoticeKind, 'daily_summary' | 'endpoint_failing'> } {
  switch (type) {
    case 'payment.authorized':
      return method === 'credit_card' ? { receipt: 'card_approved', notice: 'sale' } : {};
    case 'payment.succeeded':
      if (method === 'pix') return { receipt: 'pix_paid', notice: 'sale' };
      if (method === 'boleto') return { receipt: 'boleto_paid', notice: 'boleto_paid' };
      return { receipt: 'card_approved', notice: 'sale' };
    case 'payment.refunded':
      return { receipt: 'refund', notice: 'refund' };
    case 'boleto.created':
      return { receipt: 'boleto_issued' };
    case 'pix.created':
      return { receipt: 'pix_issued' };
    default:
      return {};
  }
}

/** The shop a mail shows: the session's own name, colour or support over the shop's (none: the shop's). */
export function shopOf(shop: ShopIdentity, session?: CheckoutSessionRow): MailShop {
  const logo = shop.logo ? imageSizeOfLogo(shop.logo) : undefined;
  const support = session?.shop?.support ?? shop.support;
  return {
    name: session?.shop?.name ?? shop.name ?? 'Checkout',
    color: session?.shop?.brand_color ?? shop.brandColor ?? DEFAULT_COLOR,
    ...(support ? { support } : {}),
    ...(logo ? { logo } : {}),
  };
}

/** `2026-11-22 09:30:00` (the gateway's local time) as the reader writes it. */
function gatewayLocalTime(raw: unknown, locale: MailLocale): string | null {
  const match = typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(raw) : null;
  if (!match) return null;
  const [, y, m, d, hh, mm] = match;
  return locale === 'pt-BR'
    ? `${d}/${m}/${y} ${hh}:${mm} (Brasília)`
    : `${y}-${m}-${d} ${hh}:${mm} (Brasília time)`;
}

/** `payment.refunded`'s `amount_refunded_now`: this refund's amount (the event says it; the attempt holds the total). */
function refundedNow(event: UnmailedEvent): number | null {
  const object = (event.payload as { data?: { object?: { amount_refunded_now?: unknown } } } | null)?.data
    ?.object;
  const value = object?.amount_refunded_now;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  aura: 'Aura',
};

/** The gateway's brand (`visa`) as a person writes it; an unknown one as given. */
function brandName(brand: string | null): string {
  if (brand === null) return 'Card';
  return BRAND_NAMES[brand.toLowerCase()] ?? brand;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function receiptFacts(
  deps: MailQueueDeps,
  shop: ShopIdentity,
  kind: ReceiptKind,
  event: UnmailedEvent,
  session: CheckoutSessionRow,
  attempt: PaymentAttemptRow,
): ReceiptFacts {
  const locale: MailLocale = session.locale ?? 'pt-BR';
  const response = attempt.gatewayResponse;
  const method = methodOf(attempt);
  const pdf = textOf(response?.boleto_url);
  const line = boletoLineOf(response);
  const pixCode = textOf(response?.pix_qr_code);
  return {
    kind,
    locale,
    timeZone: deps.mail.timeZone,
    shop: shopOf(shop, session),
    reference: session.reference,
    gatewayRef: attempt.gatewayRefId,
    items: session.items.map((item) => ({
      title: item.title,
      quantity: item.quantity,
      unitPrice: item.unit_price,
    })),
    shippingFee: session.shippingFee,
    orderAmount: session.amount,
    paidAmount: attempt.amount,
    installments: attempt.installments,
    method,
    card:
      method === 'credit_card' && attempt.cardLast4
        ? { brand: brandName(attempt.cardBrand), last4: attempt.cardLast4 }
        : null,
    at: event.createdAt,
    pix: pixCode
      ? { code: pixCode, expiresAt: gatewayLocalTime(response?.pix_expiration_date, locale) }
      : null,
    boleto: line
      ? {
          line,
          dueDate: boletoDueDate(response),
          pdfUrl: pdf?.startsWith('https://') || pdf?.startsWith('http://') ? pdf : null,
        }
      : null,
    refund:
      kind === 'refund'
        ? {
            now: refundedNow(event) ?? attempt.refundedAmount,
            refunded: attempt.refundedAmount,
            of: attempt.capturedAmount || attempt.amount,
          }
        : null,
    paymentUrl: `${deps.publicUrl}/pay/${session.id}`,
  };
}

/** The shopper's address for receipts: who paid (the gateway's payer), else the session's customer. */
function shopperAddress(session: CheckoutSessionRow, attempt: PaymentAttemptRow): string | null {
  return mailAddress(attempt.payerEmail) ?? mailAddress(session.customer?.email);
}

export function unsubscribeUrl(
  publicUrl: string,
  user: { id: string },
  token: string,
  kind: NoticeKind,
): string {
  const query = new URLSearchParams({ u: user.id, t: token, k: kind });
  return `${publicUrl}/api/mail/unsubscribe?${query.toString()}`;
}

interface Planned {
  kind: MailKind;
  recipient: string;
  userId: string | null;
  locale: MailLocale;
  message: StoredMail;
  /** One of a kind per payment and person (an approval announced by two events is mailed once). */
  dedupe: boolean;
  limit: number;
}

async function planNotices(
  tx: Database,
  deps: MailQueueDeps,
  shop: ShopIdentity,
  users: ConsoleUserRow[],
  notice: Exclude<NoticeKind, 'daily_summary' | 'endpoint_failing'>,
  event: UnmailedEvent,
  session: CheckoutSessionRow,
  attempt: PaymentAttemptRow,
): Promise<Planned[]> {
  const planned: Planned[] = [];
  for (const user of users) {
    if (!noticesOf(user).includes(notice)) continue;
    const recipient = mailAddress(user.email);
    if (!recipient) continue;
    const token = user.noticesToken ?? (await ensureNoticesToken(tx, user.id, random128()));
    user.noticesToken = token;
    const amount = notice === 'refund' ? attempt.refundedAmount : attempt.capturedAmount || attempt.amount;
    planned.push({
      kind: `notice_${notice}`,
      recipient,
      userId: user.id,
      locale: 'en',
      dedupe: notice !== 'refund',
      limit: NOTICES_PER_HOUR,
      message: renderNotice({
        kind: notice,
        shop: shopOf(shop, session),
        timeZone: deps.mail.timeZone,
        at: event.createdAt,
        reference: session.reference,
        amount,
        method: attempt.paymentMethod,
        payer: mailAddress(attempt.payerEmail),
        consoleUrl: `${deps.publicUrl}/console/payments/${encodeURIComponent(attempt.id)}`,
        unsubscribeUrl: unsubscribeUrl(deps.publicUrl, user, token, notice),
      }),
    });
  }
  return planned;
}

/**
 * One pass of the mail queue: a batch of outbox events not yet mailed is locked, each one's mails — the
 * shopper's receipt, the notices of the console users who chose them — are written to mail_sends with their
 * idempotency key (event, recipient), and the events marked mailed: one transaction, so an event's mails are
 * queued once whichever instance runs it and whenever it stops. Answers how many events it read.
 */
export async function queueMailsOnce(deps: MailQueueDeps): Promise<{ events: number; queued: number }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const events = await lockUnmailedEvents(tx, BATCH);
    if (events.length === 0) return { events: 0, queued: 0 };
    const context = await mailContext(
      tx,
      [...new Set(events.flatMap((event) => (event.sessionId ? [event.sessionId] : [])))],
      [...new Set(events.flatMap((event) => (event.attemptId ? [event.attemptId] : [])))],
    );
    // The shop as owners set it now (Settings → Shop over the SHOP_* settings), read once for the batch.
    const shop = await currentShop({ db: tx, shopDefaults: deps.mail.shop });
    let users: ConsoleUserRow[] | undefined;
    let queued = 0;
    for (const event of events) {
      if (now.getTime() - event.createdAt.getTime() > MAIL_EVENTS_MAX_AGE_MS) continue;
      const session = event.sessionId ? context.sessions.get(event.sessionId) : undefined;
      const attempt = event.attemptId ? context.attempts.get(event.attemptId) : undefined;
      if (!session || !attempt) continue;
      const { receipt, notice } = mailsOfEvent(event.type, methodOf(attempt));
      const planned: Planned[] = [];
      const shopper = shopperAddress(session, attempt);
      if (receipt && session.receipts && shopper) {
        const facts = receiptFacts(deps, shop, receipt, event, session, attempt);
        planned.push({
          kind: receipt,
          recipient: shopper,
          userId: null,
          locale: facts.locale,
          message: renderReceipt(facts),
          dedupe: receipt !== 'refund',
          limit: RECEIPTS_PER_HOUR,
        });
      }
      if (notice) {
        users ??= await noticeUsers(tx);
        planned.push(...(await planNotices(tx, deps, shop, users, notice, event, session, attempt)));
      }
      for (const mail of planned) {
        const recent = await mailsToRecipientSince(tx, mail.recipient, new Date(now.getTime() - 3_600_000));
        const key = mail.recipient.toLowerCase();
        queued += await insertMails(tx, [
          {
            id: `mail_${random128()}`,
            idempotencyKey: `${event.id}/${key}`,
            dedupeKey: mail.dedupe ? `${attempt.id}/${mail.kind}/${key}` : null,
            eventId: event.id,
            sessionId: session.id,
            attemptId: attempt.id,
            kind: mail.kind,
            recipient: mail.recipient,
            userId: mail.userId,
            locale: mail.locale,
            message: mail.message,
            status: recent >= mail.limit ? MAIL.held : MAIL.pending,
            attempts: 0,
            nextAttemptAt: now,
            queuedAt: now,
            createdAt: now,
            updatedAt: now,
          },
        ]);
      }
    }
    await markEventsMailed(
      tx,
      events.map((event) => event.id),
      now,
    );
    return { events: events.length, queued };
  });
}
