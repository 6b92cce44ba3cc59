// A tiny shop backend (node:http, no dependencies): creates a checkout session with the secret key, prints
// the shopper link, receives the checkout server's signed events, verifies them and marks its order paid
// on `payment.succeeded` — acting on each payment's newest state, so events out of order never move an
// order back. GET /orders/{reference} shows what the shop believes.
//
//   Terminal 1:  MERCHANT_WEBHOOK_URL=http://127.0.0.1:5820/events MERCHANT_WEBHOOK_SECRET=whsec_demo_0123456789 \
//                CHECKOUT_SECRET_KEY=sk_demo_0123456789abcdefghijkl npm start
//   Terminal 2:  CHECKOUT_SECRET_KEY=sk_demo_0123456789abcdefghijkl MERCHANT_WEBHOOK_SECRET=whsec_demo_0123456789 \
//                node examples/merchant-backend.mjs
//
// Settings: CHECKOUT_URL (default http://localhost:5173), CHECKOUT_SECRET_KEY, MERCHANT_WEBHOOK_SECRET,
// PORT (default 5820).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const checkoutUrl = (process.env.CHECKOUT_URL ?? 'http://localhost:5173').replace(/\/+$/, '');
const secretKey = process.env.CHECKOUT_SECRET_KEY;
const webhookSecret = process.env.MERCHANT_WEBHOOK_SECRET;
const port = Number(process.env.PORT ?? 5820);
const TOLERANCE_SECONDS = 300;

if (!secretKey || !webhookSecret) {
  console.error(
    'Set CHECKOUT_SECRET_KEY and MERCHANT_WEBHOOK_SECRET (the same values as the checkout server).',
  );
  process.exit(1);
}

/**
 * Our orders, in memory: reference → { amount, status, payments, sessionExpired }. `payments` keeps the
 * newest state of each of the order's payments (payment id → the event's `data.object`).
 */
const orders = new Map();
/** Event ids already handled: delivery is at-least-once, so the same event may arrive twice. */
const seen = new Set();

/**
 * `Checkout-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`, at most 5 minutes old.
 * While a secret is being rolled there are several `v1=` (one per secret): any one matching is enough.
 */
function verify(header, rawBody) {
  if (!header) return 'missing';
  const parts = header.split(',').map((part) => part.trim().split('=', 2));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts
    .filter(([key, value]) => key === 'v1' && typeof value === 'string')
    .map(([, value]) => value);
  if (!Number.isInteger(timestamp) || signatures.length === 0) return 'malformed';
  if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) return 'stale';
  const expected = createHmac('sha256', webhookSecret).update(`${timestamp}.${rawBody}`).digest();
  const matches = signatures.some((value) => {
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? 'ok' : 'mismatch';
}

/**
 * The order's status, from the newest state of each of its payments — never from the order events came
 * in. Money taken wins over anything else: a late `payment.failed` of an earlier attempt, or the
 * session's expiry, cannot move a paid order back.
 */
function orderStatus(order) {
  const payments = [...order.payments.values()];
  const refunded = payments.find((p) => p.refunded_amount > 0);
  if (refunded) return `refunded ${refunded.refunded_amount} of ${refunded.captured_amount}`;
  if (payments.some((p) => p.status === 'paid')) return 'paid';
  if (payments.some((p) => p.status === 'authorized')) return 'authorized (capture pending)';
  if (order.sessionExpired) return 'expired';
  if (payments.some((p) => ['refused', 'failed', 'canceled'].includes(p.status)))
    return 'payment failed (the shopper may try again)';
  return 'awaiting payment';
}

function handleEvent(event) {
  if (seen.has(event.id)) return;
  seen.add(event.id);
  const object = event.data.object;
  const order = orders.get(object.reference);
  console.log(`event ${event.type} (${event.id}) for ${object.reference}: status ${object.status}`);
  if (!order) return;
  if (object.object === 'payment') {
    // Act on the payment as the event shows it, unless we already hold a newer state of it: events can
    // arrive out of order, and an older one must never undo a newer one.
    const known = order.payments.get(object.id);
    if (known && Date.parse(known.updated_at) > Date.parse(object.updated_at)) {
      console.log(`  (older than what we know of ${object.id}: ignored)`);
      return;
    }
    order.payments.set(object.id, object);
  } else if (event.type === 'checkout.session.expired') {
    order.sessionExpired = true;
  }
  // `checkout.session.completed` alone marks nothing: with manual capture the money is only reserved.
  // The order is paid on `payment.succeeded` (a payment whose status is `paid`).
  order.status = orderStatus(order);
  console.log(`  order ${object.reference} is now: ${order.status}`);
}

createServer((req, res) => {
  // The shop's own order page, as JSON: what the shop believes of an order.
  const orderPath = req.method === 'GET' && /^\/orders\/([\w.-]+)$/.exec(req.url ?? '');
  if (orderPath) {
    const order = orders.get(orderPath[1]);
    res.writeHead(order ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(order ? { amount: order.amount, status: order.status } : { error: 'no such order' }),
    );
    return;
  }
  if (req.method !== 'POST' || req.url !== '/events') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    // Verify the raw bytes: parsing and re-serialising first would change them.
    const raw = Buffer.concat(chunks).toString('utf8');
    const check = verify(req.headers['checkout-signature'], raw);
    if (check !== 'ok') {
      console.warn(`refused an event: signature ${check}`);
      res.writeHead(400).end();
      return;
    }
    handleEvent(JSON.parse(raw));
    // Answer 2xx quickly; anything else is retried by the checkout server (with back-off, for 3 days).
    res.writeHead(200).end();
  });
}).listen(port, '127.0.0.1', async () => {
  console.log(`Shop backend receiving events on http://127.0.0.1:${port}/events`);
  const reference = `order-${Date.now()}`;
  const response = await fetch(`${checkoutUrl}/api/v1/checkout-sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secretKey}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      reference,
      items: [{ title: 'Camiseta', unit_price: 5990, quantity: 2, tangible: true }],
      shipping_fee: 1500,
      // Manual capture needs 3DS: the gateway's plain card form captures at once.
      three_ds:
        process.argv.includes('--3ds') || process.argv.includes('--manual-capture') ? 'required' : 'off',
      capture: process.argv.includes('--manual-capture') ? 'manual' : 'automatic',
    }),
  });
  const session = await response.json();
  if (response.status !== 201) {
    console.error('could not create a session', response.status, JSON.stringify(session));
    process.exit(1);
  }
  orders.set(reference, {
    amount: session.amount,
    status: 'awaiting payment',
    payments: new Map(),
    sessionExpired: false,
  });
  console.log(`Order ${reference} (${session.amount} cents): send the shopper to\n  ${session.url}`);
  console.log(`Its status: http://127.0.0.1:${port}/orders/${reference}`);
});
