import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import {
  paymentLinkSchema,
  type CreatePaymentLinkRequest,
  type PaymentLink,
} from '../../contract/payment-links/payment-link.ts';
import type { Database } from '../db/database.ts';
import { queryRows } from '../db/query-rows.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { call, orderBody, TEST_KEY } from './test-app.ts';

/** A link selling the test order (`orderBody()`): the test card and PIX bodies pay its sessions as they are. */
export function linkBody(overrides: Partial<CreatePaymentLinkRequest> = {}): CreatePaymentLinkRequest {
  const order = orderBody();
  return {
    title: 'Tênis de corrida',
    description: 'Tamanho 42',
    reference: 'tenis-42',
    items: order.items,
    shipping_fee: order.shipping_fee,
    descriptor: order.descriptor,
    ...overrides,
  };
}

export async function createTestLink(
  app: Hono<ServerEnvBindings>,
  overrides: Partial<CreatePaymentLinkRequest> = {},
): Promise<PaymentLink> {
  const result = await call(app, 'POST', '/api/v1/payment-links', {
    key: TEST_KEY,
    body: linkBody(overrides),
  });
  if (result.status !== 201)
    throw new Error(`link not created: ${result.status} ${JSON.stringify(result.json)}`);
  return paymentLinkSchema.parse(result.json);
}

/** A shopper's "Continue" on the link's page: the new session's id, from the 303 to `/pay/{id}`. */
export async function visitLink(
  app: Hono<ServerEnvBindings>,
  code: string,
  form: Record<string, string> = {},
  address = '198.51.100.7',
): Promise<{ status: number; location: string | null; sessionId: string | undefined; html: string }> {
  const response = await app.request(
    `/l/${code}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  const location = response.headers.get('location');
  return {
    status: response.status,
    location,
    sessionId: /^\/pay\/(cs_[A-Za-z0-9_-]+)$/.exec(location ?? '')?.[1],
    html: await response.text(),
  };
}

export async function linkPage(
  app: Hono<ServerEnvBindings>,
  path: string,
): Promise<{ status: number; html: string }> {
  const response = await app.request(path, {}, { incoming: { socket: { remoteAddress: '198.51.100.7' } } });
  return { status: response.status, html: await response.text() };
}

export interface StoredEvent {
  type: string;
  payload: { data: { object: Record<string, unknown> } };
}

export async function storedEvents(db: Database, prefix = ''): Promise<StoredEvent[]> {
  const rows = await queryRows(
    db,
    sql`select type, payload from outbox_events where type like ${`${prefix}%`} order by created_at, id`,
  );
  return rows as unknown as StoredEvent[];
}
