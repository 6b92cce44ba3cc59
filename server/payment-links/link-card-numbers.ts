import { maskCardNumbers, maskCardNumbersDeep } from '../../contract/card-data-mask.ts';
import type { SessionItem } from '../../contract/checkout-session.ts';
import type { AfterPayment } from '../../contract/payment-links/payment-link.ts';

/** The free text of a link's create or PATCH body: what a merchant could paste a card number into. */
interface LinkTexts {
  title?: string;
  description?: string | null;
  inactive_message?: string | null;
  items?: SessionItem[];
  metadata?: Record<string, string>;
  after_payment?: AfterPayment | null;
}

function afterPaymentWithoutCardNumbers(after: AfterPayment): AfterPayment {
  return 'message' in after ? { message: maskCardNumbers(after.message) } : after;
}

function maskedOrAsIs(text: string | null | undefined): string | null | undefined {
  return typeof text === 'string' ? maskCardNumbers(text) : text;
}

/**
 * A card number in a link's title, description, messages, item titles or metadata is masked before it is
 * stored, as a session's are (docs/decisions/290-what-counts-as-a-card-number.md): the link, its events
 * and every session it opens hold `••••` and the last four. Everything else is kept as given.
 */
export function linkTextsWithoutCardNumbers<T extends LinkTexts>(body: T): T {
  return {
    ...body,
    ...(body.title === undefined ? {} : { title: maskCardNumbers(body.title) }),
    ...(body.description === undefined ? {} : { description: maskedOrAsIs(body.description) }),
    ...(body.inactive_message === undefined ? {} : { inactive_message: maskedOrAsIs(body.inactive_message) }),
    ...(body.items === undefined
      ? {}
      : { items: body.items.map((item) => ({ ...item, title: maskCardNumbers(item.title) })) }),
    ...(body.metadata === undefined ? {} : { metadata: maskCardNumbersDeep(body.metadata) }),
    ...(body.after_payment ? { after_payment: afterPaymentWithoutCardNumbers(body.after_payment) } : {}),
  };
}
