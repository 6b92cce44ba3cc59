import { Hono } from 'hono';
import { customerExternalIdSchema, type SavedCardList } from '../../contract/saved-cards.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiError } from '../http/api-error.ts';
import type { ServerEnvBindings } from '../http/bindings.ts';
import { merchantAuth } from '../http/merchant-auth.ts';
import { readCardId } from '../saved-cards/card-facts.ts';
import { deleteSavedCard, listSavedCards } from '../saved-cards/saved-card-repository.ts';

/**
 * The merchant's view of a customer's saved cards (secret key): list them, delete one (for a customer
 * who asks, or who closed their account). The customer is the `customer.external_id` of the sessions.
 */
export function merchantCustomerCardRoutes(deps: AppDeps): Hono<ServerEnvBindings> {
  const routes = new Hono<ServerEnvBindings>();
  routes.use('*', merchantAuth(deps));

  routes.get('/:customer/cards', async (c) => {
    const customer = customerExternalIdSchema.safeParse(c.req.param('customer'));
    if (!customer.success)
      return apiError(c, 400, 'The customer id must be 1–64 characters.', 'invalid_parameter', 'customer');
    const body: SavedCardList = { object: 'list', data: await listSavedCards(deps.db, customer.data) };
    return c.json(body);
  });

  routes.delete('/:customer/cards/:cardId', async (c) => {
    const customer = customerExternalIdSchema.safeParse(c.req.param('customer'));
    const cardId = readCardId(c.req.param('cardId'));
    const removed =
      customer.success && cardId !== undefined && (await deleteSavedCard(deps.db, customer.data, cardId));
    if (!removed) return apiError(c, 404, 'This customer has no such saved card.', 'not_found', 'card_id');
    deps.log.info('saved card removed by the merchant', { cardId });
    return c.json({ id: cardId, object: 'saved_card', deleted: true });
  });

  return routes;
}
