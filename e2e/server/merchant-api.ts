import { expect, type APIRequestContext } from '@playwright/test';
import {
  API_PATHS,
  type CheckoutSession,
  type CreateSessionRequest,
  type SessionCustomer,
} from '../../contract/checkout-session.ts';
import { merchantReceivableListSchema, type MerchantReceivable } from '../../contract/receivables.ts';
import type { SavedCard, SavedCardList } from '../../contract/saved-cards.ts';
import type { Address, Shopper } from '../test-shoppers.ts';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import {
  CROSS_SITE_SHOP_ORIGIN,
  PAYER_BANK_PORT,
  type ReadableTable,
  SECRET_KEY,
  SERVER_ORIGIN,
} from '../server-origins.ts';

/** What the merchant's backend does: sessions through the merchant API, with the secret key. */
const auth = { Authorization: `Bearer ${SECRET_KEY}` };

export const SHOP_SUCCESS_URL = `${CROSS_SITE_SHOP_ORIGIN}/index.html?thanks=1`;
export const SHOP_CANCEL_URL = `${CROSS_SITE_SHOP_ORIGIN}/index.html?cart=1`;

/** A test shopper as the shop's backend knows her: the session's `customer` (digits, phone in E.164). */
export function knownCustomer(shopper: Shopper): SessionCustomer {
  return {
    name: shopper.name,
    email: shopper.email,
    document: { type: 'cpf', number: shopper.taxId.replace(/\D/g, '') },
    phone: `+55${shopper.phone.replace(/\D/g, '')}`,
  };
}

/** A test address as the shop's backend knows it: the session customer's `address` (CEP digits only). */
export function knownAddress(address: Address): NonNullable<SessionCustomer['address']> {
  return {
    street: address.street,
    street_number: address.number,
    zipcode: address.zipcode.replace(/\D/g, ''),
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
  };
}

/** R$ 150,90: shoes R$ 140,90 plus R$ 10,00 delivery. */
export function shoesOrder(overrides: Partial<CreateSessionRequest> = {}): CreateSessionRequest {
  return {
    reference: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    items: [{ title: 'Running shoes', unit_price: 14090, quantity: 1, tangible: true }],
    shipping_fee: 1000,
    descriptor: 'LOJA EXEMPLO',
    max_installments: 6,
    success_url: SHOP_SUCCESS_URL,
    cancel_url: SHOP_CANCEL_URL,
    ...overrides,
  };
}

export async function createSession(
  request: APIRequestContext,
  body: CreateSessionRequest = shoesOrder(),
): Promise<CheckoutSession> {
  const response = await request.post(`${SERVER_ORIGIN}/api/v1/checkout-sessions`, {
    headers: auth,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CheckoutSession;
}

/**
 * A card payment as the shopper's browser sends it (the mock's approving Visa, billed to Av. Paulista), for
 * specs that need a payment to look at rather than the checkout's form. `extra` adds or replaces fields
 * (`capture: false`, `customer`, `threeDSecure`, `save_card`…); `holder` is the name on the card. Answers the
 * gateway's transaction as the checkout got it.
 */
export async function payByCard(
  request: APIRequestContext,
  session: CheckoutSession,
  options: { holder?: string; billingName?: string; extra?: Record<string, unknown> } = {},
): Promise<unknown> {
  const answer = await request.post(`${SERVER_ORIGIN}/api/pay/${session.id}/v1/transactions`, {
    data: {
      payment_method: 'credit_card',
      amount: session.amount,
      async: false,
      capture: true,
      installments: 1,
      card: {
        card_number: '4111111111111111',
        card_holder_name: options.holder ?? 'JOANA PRADO',
        card_expiration_date: '1230',
        card_cvv: '123',
      },
      billing: {
        name: options.billingName ?? 'Joana Prado',
        address: {
          street: 'Av. Paulista',
          street_number: '1000',
          zipcode: '01310100',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          country: 'br',
        },
      },
      items: session.items,
      ...options.extra,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}

/** The merchant's view, with `payments`. */
export async function merchantSession(request: APIRequestContext, id: string): Promise<CheckoutSession> {
  const response = await request.get(`${SERVER_ORIGIN}/api/v1/checkout-sessions/${id}`, { headers: auth });
  expect(response.status()).toBe(200);
  return (await response.json()) as CheckoutSession;
}

export async function expireSession(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.post(`${SERVER_ORIGIN}/api/v1/checkout-sessions/${id}/expire`, {
    headers: auth,
  });
  expect(response.status()).toBe(200);
}

/** The shopper's bank app paying a PIX code (the e2e server's loopback control, see start-e2e-server.ts). */
export async function payPixAtTheBank(request: APIRequestContext, transactionId: number): Promise<void> {
  const response = await request.post(`http://127.0.0.1:${PAYER_BANK_PORT}/pix/${transactionId}/pay`);
  expect(response.status()).toBe(204);
}

/** A boleto paid at a bank, or ended unpaid after its due date (the mock control's moves, by the harness). */
export async function moveBoleto(
  request: APIRequestContext,
  transactionId: number,
  move: 'pay' | 'expire',
): Promise<void> {
  const response = await request.post(`http://127.0.0.1:${PAYER_BANK_PORT}/boleto/${transactionId}/${move}`);
  expect(response.status()).toBe(204);
}

/**
 * The events written for the merchant about one session, oldest first: the events API read page after page
 * (newest first) back to the session's creation — the other worker's specs write events meanwhile, so the
 * session's may be far from the latest page.
 */
export async function sessionEvents(
  request: APIRequestContext,
  sessionId: string,
): Promise<{ type: string; payload: { data: { object: Record<string, unknown> } } }[]> {
  const since = Date.parse((await merchantSession(request, sessionId)).created_at);
  const listed: { id: string; created_at: string }[] = [];
  let path = '/api/v1/events?limit=100';
  for (;;) {
    const list = await request.get(`${SERVER_ORIGIN}${path}`, { headers: auth });
    expect(list.status()).toBe(200);
    const page = (await list.json()) as {
      data: { id: string; created_at: string }[];
      has_more: boolean;
      next_cursor: string | null;
    };
    const recent = page.data.filter((event) => Date.parse(event.created_at) >= since);
    listed.push(...recent);
    if (!page.has_more || recent.length < page.data.length || page.next_cursor === null) break;
    path = `/api/v1/events?limit=100&starting_after=${page.next_cursor}`;
  }
  const events = await Promise.all(
    listed.map(async ({ id }) => {
      const one = await request.get(`${SERVER_ORIGIN}/api/v1/events/${id}`, { headers: auth });
      return (await one.json()) as { type: string; payload: { data: { object: Record<string, unknown> } } };
    }),
  );
  return events
    .filter((event) => {
      const object = event.payload.data.object;
      return object.session_id === sessionId || object.id === sessionId;
    })
    .reverse();
}

/**
 * A transaction as the gateway holds it — what the checkout server sent it, echoed by the in-process mock
 * gateway (the e2e server's loopback harness, see start-e2e-server.ts).
 */
export async function gatewayTransaction(request: APIRequestContext, id: number): Promise<Transaction> {
  const response = await request.get(`http://127.0.0.1:${PAYER_BANK_PORT}/gateway/transactions/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Transaction;
}

/** Every charge the in-process mock gateway received (newest first), as it holds them. */
export async function gatewayTransactions(request: APIRequestContext): Promise<Transaction[]> {
  const response = await request.get(`http://127.0.0.1:${PAYER_BANK_PORT}/gateway/transactions`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Transaction[];
}

/** The merchant's list of a customer's saved cards (issue 14). */
export async function customerCards(request: APIRequestContext, externalId: string): Promise<SavedCard[]> {
  const response = await request.get(`${SERVER_ORIGIN}${API_PATHS.customerCards(externalId)}`, {
    headers: auth,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as SavedCardList).data;
}

/**
 * A returning customer: a card saved through a "save a card" session and the server's shopper API, as
 * that session's page does it (the page itself has its own test).
 */
export async function saveCardFor(
  request: APIRequestContext,
  externalId: string,
  card: { number: string; name: string; cvv?: string } = { number: '4111111111111111', name: 'ANA SILVA' },
): Promise<SavedCard> {
  const setup = await createSession(request, {
    reference: `e2e-setup-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    mode: 'setup',
    save_cards: true,
    customer: { external_id: externalId, name: 'Ana Silva' },
  });
  const response = await request.post(`${SERVER_ORIGIN}${API_PATHS.shopperSession(setup.id)}/v1/cards`, {
    data: {
      card_number: card.number,
      card_holder_name: card.name,
      card_expiration_date: '1234',
      card_cvv: card.cvv ?? '123',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { card: SavedCard }).card;
}

/** Every row of one of the server's tables, read back through the e2e harness (start-e2e-server.ts). */
export async function storedRows(
  request: APIRequestContext,
  table: ReadableTable,
): Promise<Record<string, unknown>[]> {
  const response = await request.get(`http://127.0.0.1:${PAYER_BANK_PORT}/database/${table}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
}

/** One pass of the receivables job (the e2e server runs without its jobs; start-e2e-server.ts). */
export async function readReceivables(request: APIRequestContext): Promise<void> {
  const response = await request.post(`http://127.0.0.1:${PAYER_BANK_PORT}/receivables/read`);
  expect(response.status()).toBe(200);
}

/** The merchant's receivables of a range of days (the receivables API, every page). */
export async function merchantReceivables(
  request: APIRequestContext,
  from: string,
  to: string,
): Promise<MerchantReceivable[]> {
  const all: MerchantReceivable[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `from=${from}&to=${to}&limit=100${cursor ? `&starting_after=${cursor}` : ''}`;
    const response = await request.get(`${SERVER_ORIGIN}/api/v1/receivables?${query}`, { headers: auth });
    expect(response.status()).toBe(200);
    const page = merchantReceivableListSchema.parse(await response.json());
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}
