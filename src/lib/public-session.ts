import type { PaymentSession } from '../../contract/checkout-session.ts';
import { validateOrderConfig } from './order-config.ts';
import { SESSION_ID_PATTERN } from './session-paths.ts';

/** The id the server puts on the injected session JSON (contract/checkout-session.ts). */
export const SERVED_SESSION_ID = 'checkout-session';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isNullableString = (v: unknown) => v === null || typeof v === 'string';

/**
 * The injected session, checked by hand for the first paint: zod is not in the checkout's first load
 * (docs/decisions/050-session-page-first-paint.md). Only what the first paint can render is accepted here —
 * an open session with no payment yet, for `sessionId` — with its order held to the same rules as
 * `publicOrderSchema` (validateOrderConfig; public-session.test.ts runs both on the same cases). Anything
 * else (a payment to resume, an expired or completed session, an unexpected shape) returns undefined and goes
 * the lazy way, where `publicSessionSchema` validates all of it. The full schema also re-checks this one
 * after the first paint.
 */
export function openSessionForFirstPaint(value: unknown, sessionId: string): PaymentSession | undefined {
  if (!isRecord(value)) return undefined;
  const { id, status, expires_at, order, customer, success_url, cancel_url, payment } = value;
  if (typeof id !== 'string' || id !== sessionId || !SESSION_ID_PATTERN.test(id)) return undefined;
  if (status !== 'open') return undefined;
  if (typeof expires_at !== 'string' || payment !== null) return undefined;
  // Saved cards and the offer to save one load with the session's lazy path (issue 14).
  if (value.save_cards) return undefined;
  if (!isNullableString(success_url) || !isNullableString(cancel_url)) return undefined;
  const checkedCustomer = customerForFirstPaint(customer);
  if (checkedCustomer === undefined) return undefined;
  if (!isRecord(order)) return undefined;
  const checked = validateOrderConfig(order);
  if (!checked.ok) return undefined;
  return {
    id,
    status,
    expires_at,
    order: checked.order,
    customer: checkedCustomer,
    success_url,
    cancel_url,
    payment: null,
  };
}

const optional = (v: unknown) => v === undefined || (typeof v === 'string' && v !== '');

/**
 * The customer the forms pre-fill and fold: its shape only (text where text is expected), since it is
 * only ever shown in the shopper's own fields and sent back to the server, which validates it; the full
 * schema re-checks it on the first tap and a session that fails is asked for again. Null when the session
 * has none, undefined when the shape is off (the page then goes the lazy, zod-checked way).
 */
export function customerForFirstPaint(value: unknown): PaymentSession['customer'] | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { name, email, document, phone, address } = value;
  if (!optional(name) || !optional(email) || !optional(phone)) return undefined;
  if (address !== undefined && !(isRecord(address) && Object.values(address).every(optional)))
    return undefined;
  if (
    document !== undefined &&
    (!isRecord(document) || !optional(document.number) || !optional(document.type))
  )
    return undefined;
  return value;
}

/** The injected session's language, for the page's first paint (the URL's `lang` still wins). */
export function servedSessionLocale(value: unknown): 'pt-BR' | 'en' | undefined {
  if (!isRecord(value) || !isRecord(value.order)) return undefined;
  const { locale } = value.order;
  return locale === 'pt-BR' || locale === 'en' ? locale : undefined;
}
