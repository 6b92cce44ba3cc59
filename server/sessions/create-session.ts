import { maskCardNumbers, maskCardNumbersDeep } from '../../contract/card-data-mask.ts';
import { createHash } from 'node:crypto';
import { orderAmount, type CreateSessionRequest } from '../../contract/checkout-session.ts';
import type { Database } from '../db/database.ts';
import type { CheckoutSessionRow } from '../db/rows.ts';
import { boletoRefusal } from '../payments/boleto-offered.ts';
import { newSessionId } from './ids.ts';
import { insertSession } from './session-repository.ts';

export const DEFAULT_EXPIRY_MINUTES = 60;

/** Key order and whitespace do not make two bodies different: the hash is over sorted keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export type CreateResult =
  | { kind: 'created'; row: CheckoutSessionRow }
  | { kind: 'replayed'; row: CheckoutSessionRow }
  | { kind: 'conflict' }
  | { kind: 'invalid'; message: string; parameter: string };

/**
 * A card number typed into free text (an item title, the customer's name or address, metadata) is masked
 * before it is stored, so it reaches neither events nor the shopper's page (maskCardNumbers).
 */
function withoutCardNumbers(body: CreateSessionRequest): CreateSessionRequest {
  const { customer } = body;
  return {
    ...body,
    items: body.items?.map((item) => ({ ...item, title: maskCardNumbers(item.title) })),
    customer: customer && {
      ...customer,
      ...(customer.name === undefined ? {} : { name: maskCardNumbers(customer.name) }),
      ...(customer.address === undefined ? {} : { address: maskCardNumbersDeep(customer.address) }),
    },
    metadata: body.metadata && maskCardNumbersDeep(body.metadata),
  };
}

/** The amount is computed here from the items and the delivery fee; defaults are the SPA's own. */
export async function createSession(
  db: Database,
  body: CreateSessionRequest,
  options: {
    now: Date;
    idempotencyKey?: string;
    /** Chosen by the caller when the body names it (a payment link's `{session_id}` redirect). */
    id?: string;
    /** The payment link whose visit opens this session. */
    paymentLinkId?: string;
    /** Whether this server offers boleto: given, a body asking for it while off is refused (boleto-offered.ts). */
    boletoOn?: boolean;
  },
): Promise<CreateResult> {
  const refusal = options.boletoOn === undefined ? undefined : boletoRefusal(body.methods, options.boletoOn);
  if (refusal) return { kind: 'invalid', ...refusal };
  const hash = requestHash(body);
  const kept = withoutCardNumbers(body);
  const { now } = options;
  const result = await insertSession(db, {
    id: options.id ?? newSessionId(),
    reference: body.reference,
    mode: body.mode ?? 'payment',
    // A setup session (schema-checked: no items) charges nothing.
    items: kept.items ?? [],
    shippingFee: body.shipping_fee ?? null,
    amount: orderAmount(body.items ?? [], body.shipping_fee),
    descriptor: body.descriptor ?? null,
    methods:
      body.mode === 'setup'
        ? ['credit_card']
        : body.methods
          ? [...new Set(body.methods)]
          : ['credit_card', 'pix'],
    // Kept only where it can apply: a session without boleto has no use for its options.
    boleto: body.boleto && body.methods?.includes('boleto') ? body.boleto : null,
    maxInstallments: body.max_installments ?? 12,
    threeDS: body.three_ds ?? 'off',
    feesPaidBy: body.fees_paid_by ?? 'merchant',
    capture: body.capture ?? 'automatic',
    customer: kept.customer ?? null,
    // An empty object says nothing: stored as the defaults, like a session that never named it.
    collect: body.collect && Object.keys(body.collect).length > 0 ? body.collect : null,
    // A setup session exists to save a card.
    saveCards: body.save_cards === true || body.mode === 'setup',
    receipts: body.receipts !== false,
    locale: body.locale ?? null,
    shop: body.shop && Object.keys(body.shop).length > 0 ? body.shop : null,
    successUrl: body.success_url ?? null,
    cancelUrl: body.cancel_url ?? null,
    embedOrigins: body.embed_origins ?? [],
    metadata: kept.metadata ?? {},
    status: 'open',
    expiresAt: new Date(now.getTime() + (body.expires_in_minutes ?? DEFAULT_EXPIRY_MINUTES) * 60_000),
    idempotencyKey: options.idempotencyKey ?? null,
    requestHash: options.idempotencyKey ? hash : null,
    paymentLinkId: options.paymentLinkId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (result.created) return { kind: 'created', row: result.row };
  return result.row.requestHash === hash ? { kind: 'replayed', row: result.row } : { kind: 'conflict' };
}
