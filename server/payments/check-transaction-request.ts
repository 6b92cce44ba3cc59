import { collectOf, type SessionItem } from '../../contract/checkout-session.ts';
import type { ItemRequest } from '../../contract/gateway/item.ts';
import type { CustomerRequest } from '../../contract/gateway/customer.ts';
import type { TransactionRequest } from '../../contract/gateway/transaction-request.ts';
import type { CheckoutSessionRow } from '../db/rows.ts';
import type { ApiFieldError } from '../../contract/checkout-session.ts';

export interface RequestContext {
  publicUrl: string;
  /** EMBED_ALLOWED_ORIGINS plus the session's own `embed_origins`. */
  embedOrigins: readonly string[];
  /** The shopper's address as the connection shows it (TRUST_PROXY decides about X-Forwarded-For). */
  clientAddress: string;
  /**
   * What a card payment must charge when it is not the session's amount: the gross of the chosen plan
   * when the customer pays the fees (customer-fees.ts).
   */
  cardAmount?: number | undefined;
}

export type CheckedRequest =
  | { ok: true; request: TransactionRequest }
  | { ok: false; errors: ApiFieldError[] };

function mismatch(parameterName: string, message: string): ApiFieldError {
  return { message, parameter_name: parameterName, type: 'session_mismatch' };
}

export function sessionItemsForGateway(items: readonly SessionItem[]): ItemRequest[] {
  return items.map((item) => ({
    ...(item.external_id ? { external_id: item.external_id } : {}),
    title: item.title,
    unit_price: item.unit_price,
    quantity: item.quantity,
    tangible: item.tangible,
  }));
}

function itemsMatch(given: readonly ItemRequest[], expected: readonly SessionItem[]): boolean {
  return (
    given.length === expected.length &&
    given.every((item, index) => {
      const session = expected[index];
      return (
        session !== undefined &&
        item.title === session.title &&
        item.unit_price === session.unit_price &&
        item.quantity === session.quantity &&
        item.tangible === session.tangible &&
        (item.external_id === undefined || item.external_id === session.external_id)
      );
    })
  );
}

/**
 * The customer's `external_id` names the merchant's own customer (saved cards, reconciliation): the
 * shopper never chooses it. Whatever the browser sent is dropped and the session's, if any, put back.
 */
function withSessionCustomerId(customer: CustomerRequest, session: CheckoutSessionRow): CustomerRequest {
  const { external_id: _shoppersChoice, ...rest } = customer;
  const own = session.customer?.external_id;
  return own === undefined ? rest : { ...rest, external_id: own };
}

/**
 * What the merchant asked the forms to collect is not left to the browser: a session that collects the
 * address needs a PIX `billing`, one that asks the phone needs one (docs/decisions/164-fewer-fields.md).
 */
function collectMismatches(
  request: { billing?: unknown; customer: CustomerRequest },
  session: CheckoutSessionRow,
): ApiFieldError[] {
  const collect = collectOf(session.collect);
  const errors: ApiFieldError[] = [];
  if (collect.address && request.billing === undefined)
    errors.push(mismatch('billing', 'This checkout collects the billing address.'));
  if (collect.phone && request.customer.phone_numbers.length === 0)
    errors.push(mismatch('customer.phone_numbers', "This checkout asks for the customer's phone."));
  return errors;
}

/** The 3DS return must come back to this session's page, or to a page allowed to embed it. */
function isAllowedReturn(value: string, sessionId: string, context: RequestContext): boolean {
  try {
    const url = new URL(value);
    if (url.username !== '' || url.password !== '') return false;
    if (context.embedOrigins.includes(url.origin)) return true;
    // Compared parsed, not as text: `…/pay/{id}/../../elsewhere` starts with the right characters but
    // a browser (and the bank's redirect) resolves it away from the session. Dot segments and encoded
    // ones are refused outright; the parsed path must then lie under this session's page.
    if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(value.slice(url.origin.length))) return false;
    return url.origin === new URL(context.publicUrl).origin && url.pathname.startsWith(`/pay/${sessionId}/`);
  } catch {
    return false;
  }
}

/**
 * The browser proposes a gateway request; the session decides. Everything the merchant fixed (amount,
 * items, descriptor, method, installments, 3DS policy, delivery fee) must agree — a mismatch is a 400
 * naming the parameter and nothing is forwarded — and the request that goes out is rebuilt from the
 * parsed object with the session's own values, the 3DS `ipAddress` taken from the connection.
 */
export function checkTransactionRequest(
  request: TransactionRequest,
  session: CheckoutSessionRow,
  context: RequestContext,
): CheckedRequest {
  const errors: ApiFieldError[] = [];
  if (!session.methods.includes(request.payment_method)) {
    errors.push(mismatch('payment_method', `This checkout does not accept ${request.payment_method}.`));
  }
  const amount =
    request.payment_method === 'credit_card' ? (context.cardAmount ?? session.amount) : session.amount;
  if (request.amount !== amount) {
    errors.push(
      mismatch(
        'amount',
        amount === session.amount
          ? `The amount must be the checkout's amount, ${session.amount}.`
          : `With the fees of this card and plan the amount must be ${amount}.`,
      ),
    );
  }
  const items = sessionItemsForGateway(session.items);

  if (request.payment_method === 'pix') {
    if (request.items !== undefined && !itemsMatch(request.items, session.items)) {
      errors.push(mismatch('items', "The items must be the checkout's items."));
    }
    const fee = String(session.shippingFee ?? 0);
    if (request.shipping !== undefined && request.shipping.fee !== fee) {
      errors.push(mismatch('shipping.fee', `The delivery fee must be the checkout's, ${fee}.`));
    }
    errors.push(...collectMismatches(request, session));
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      request: {
        ...request,
        customer: withSessionCustomerId(request.customer, session),
        amount: session.amount,
        ...(request.items ? { items } : {}),
      },
    };
  }

  if (request.payment_method === 'boleto') {
    // Built by the boleto route through the adapter from the session and the payer: the items must
    // still be the session's (they carry the attempt's reference), the rest is the adapter's.
    if (request.items !== undefined && !itemsMatch(request.items, session.items)) {
      errors.push(mismatch('items', "The items must be the checkout's items."));
    }
    if (errors.length > 0) return { ok: false, errors };
    return { ok: true, request: { ...request, amount: session.amount, items } };
  }

  if (request.installments > session.maxInstallments) {
    errors.push(
      mismatch('installments', `This checkout allows at most ${session.maxInstallments} installments.`),
    );
  }
  if (!itemsMatch(request.items, session.items)) {
    errors.push(mismatch('items', "The items must be the checkout's items."));
  }
  if (request.descriptor !== undefined && request.descriptor !== session.descriptor) {
    errors.push(
      mismatch(
        'descriptor',
        session.descriptor === null
          ? 'This checkout sends no statement descriptor.'
          : "The statement descriptor must be the checkout's.",
      ),
    );
  }
  const descriptor = session.descriptor === null ? {} : { descriptor: session.descriptor };
  const usesThreeDS = 'threeDSecure' in request;
  if (session.threeDS === 'required' && !usesThreeDS) {
    errors.push(mismatch('threeDSecure', 'This checkout requires 3-D Secure authentication.'));
  }
  if (session.threeDS === 'off' && usesThreeDS) {
    errors.push(mismatch('threeDSecure', 'This checkout does not use 3-D Secure.'));
  }
  if (!usesThreeDS) {
    if (errors.length > 0) return { ok: false, errors };
    const { descriptor: _given, ...rest } = request;
    // The plain card form carries no customer at all (strict schema).
    return { ok: true, request: { ...rest, ...descriptor, amount, items } };
  }

  // A card request always carries its billing address (strict schema): only the phone can be missing.
  errors.push(...collectMismatches(request, session));
  for (const key of ['urlSuccess', 'urlFail'] as const) {
    if (!isAllowedReturn(request.threeDSecure[key], session.id, context)) {
      errors.push(
        mismatch(
          `threeDSecure.${key}`,
          `The 3-D Secure return URL must be under ${context.publicUrl}/pay/${session.id}/ or an allowed embedding origin.`,
        ),
      );
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const { descriptor: _given, ...rest } = request;
  return {
    ok: true,
    request: {
      ...rest,
      customer: withSessionCustomerId(rest.customer, session),
      ...descriptor,
      amount,
      items,
      threeDSecure: { ...request.threeDSecure, ipAddress: context.clientAddress },
    },
  };
}
