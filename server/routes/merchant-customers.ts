import { Hono } from 'hono';
import { customerIdSchema, customerSearchSchema } from '../../contract/customers.ts';
import type { SavedCardList } from '../../contract/saved-cards.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  eraseCustomer,
  getCustomer,
  listCustomerCards,
  listCustomerPayments,
  listCustomers,
  removeCustomerCard,
} from '../customers/manage-customers.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { decodeCursor, encodeCursor, limitParam, readCursor } from '../http/list-params.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { readCardId } from '../saved-cards/card-facts.ts';

/**
 * The merchant's customers (secret key), mounted at `/api/v1/customers` (docs/merchants/customers.md): list and
 * search (e-mail, CPF/CNPJ), one customer, their payments, their saved cards (list, remove one), and erasure
 * (LGPD). The customer is the `customer.external_id` of the sessions. The work is in server/customers/.
 */
export function merchantCustomerRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));

  const badCustomer = (c: Parameters<typeof apiError>[0]) =>
    apiError(c, 400, 'The customer id must be 1–64 characters.', 'invalid_parameter', 'customer');

  routes.get('/', async (c) => {
    const search = customerSearchSchema.safeParse({
      ...(c.req.query('email') === undefined ? {} : { email: c.req.query('email') }),
      ...(c.req.query('document') === undefined ? {} : { document: c.req.query('document') }),
    });
    if (!search.success) return apiErrors(c, 400, issuesToErrors(search.error.issues));
    const after = readCursor(c, c.req.query('starting_after'), 'starting_after', decodeCursor);
    if (!after.ok) return after.response;
    const { cursor } = after;
    const page = await listCustomers(deps.db, {
      search: search.data,
      limit: limitParam(c.req.query('limit')),
      ...(cursor ? { after: { at: cursor.createdAt, id: cursor.id } } : {}),
    });
    return c.json({
      object: 'list',
      data: page.data,
      has_more: page.hasMore,
      next_cursor: page.hasMore && page.last ? encodeCursor(page.last.at, page.last.id) : null,
    });
  });

  routes.get('/:customer', async (c) => {
    const customer = customerIdSchema.safeParse(c.req.param('customer'));
    if (!customer.success) return badCustomer(c);
    const view = await getCustomer(deps.db, customer.data);
    return view ? c.json(view) : apiError(c, 404, 'No customer has this id.', 'not_found', 'customer');
  });

  routes.get('/:customer/payments', async (c) => {
    const customer = customerIdSchema.safeParse(c.req.param('customer'));
    if (!customer.success) return badCustomer(c);
    const after = readCursor(c, c.req.query('starting_after'), 'starting_after', decodeCursor);
    if (!after.ok) return after.response;
    const page = await listCustomerPayments(deps.db, customer.data, {
      limit: limitParam(c.req.query('limit')),
      ...(after.cursor ? { after: after.cursor } : {}),
    });
    return c.json({
      object: 'list',
      data: page.data,
      has_more: page.hasMore,
      next_cursor: page.hasMore && page.last ? encodeCursor(page.last.createdAt, page.last.id) : null,
    });
  });

  routes.get('/:customer/cards', async (c) => {
    const customer = customerIdSchema.safeParse(c.req.param('customer'));
    if (!customer.success) return badCustomer(c);
    const body: SavedCardList = { object: 'list', data: await listCustomerCards(deps.db, customer.data) };
    return c.json(body);
  });

  routes.delete('/:customer/cards/:cardId', async (c) => {
    const customer = customerIdSchema.safeParse(c.req.param('customer'));
    const cardId = readCardId(c.req.param('cardId'));
    const removed =
      customer.success && cardId !== undefined && (await removeCustomerCard(deps.db, customer.data, cardId));
    if (!removed) return apiError(c, 404, 'This customer has no such saved card.', 'not_found', 'card_id');
    deps.log.info('saved card removed by the merchant', { cardId });
    return c.json({ id: cardId, object: 'saved_card', deleted: true });
  });

  routes.post('/:customer/erase', async (c) => {
    const customer = customerIdSchema.safeParse(c.req.param('customer'));
    if (!customer.success) return badCustomer(c);
    const outcome = await eraseCustomer(deps.db, customer.data, deps.now());
    if (outcome.ok) {
      if (!outcome.erasure.already_erased)
        deps.log.info('customer erased', { eventId: outcome.erasure.event_id });
      return c.json(outcome.erasure);
    }
    switch (outcome.reason) {
      case 'not_found':
        return apiError(c, 404, 'No customer has this id.', 'not_found', 'customer');
      case 'may_take_money':
        return apiError(
          c,
          409,
          `A payment of this customer may still take money (${outcome.paymentIds.join(', ')}): erase once it is paid, failed or expired.`,
          'customer_has_open_payment',
        );
      case 'open_session':
        return apiError(
          c,
          409,
          `A checkout session of this customer can still be paid (${outcome.sessionIds.join(', ')}): expire it (POST /api/v1/checkout-sessions/{id}/expire) or wait for it to expire, then erase.`,
          'customer_has_open_session',
        );
    }
  });

  return routes;
}
