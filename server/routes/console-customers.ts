import { Hono, type Context } from 'hono';
import {
  consoleCustomerQuerySchema,
  consoleEraseRequestSchema,
} from '../../contract/console/console-customers-developers.ts';
import { customerIdSchema } from '../../contract/customers.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  consoleCustomerById,
  consoleCustomerDetail,
  consoleCustomerPage,
  consoleEraseCustomer,
  readCustomerQuery,
} from '../console/console-customers.ts';
import { removeCustomerCard } from '../customers/manage-customers.ts';
import { apiError, apiErrors, issuesToErrors } from '../http/api-error.ts';
import { decodeCursor, encodeCursor, readCursor } from '../http/list-params.ts';
import { readJsonBody } from '../http/json-body.ts';
import { readCardId } from '../saved-cards/card-facts.ts';
import { consoleSessionGuard, requirePermission, type ConsoleEnv } from './console-guard.ts';

const PAGE_SIZE = 25;

/**
 * The console's customers (mounted at /api/console/customers; decision 270): find by e-mail, CPF/CNPJ or
 * the shop's id, one customer's page, remove a saved card (staff and owners) and erase (owners only, the
 * e-mail typed to confirm). The work is the merchant API's (server/customers/); each change is audited.
 */
export function consoleCustomerRoutes(deps: AppDeps): Hono<ConsoleEnv> {
  const routes = new Hono<ConsoleEnv>();
  routes.use('*', consoleSessionGuard(deps));

  const readId = (c: Context<ConsoleEnv>) => {
    const parsed = customerIdSchema.safeParse(c.req.param('customer'));
    return parsed.success ? parsed.data : undefined;
  };
  const notFound = (c: Context<ConsoleEnv>) =>
    apiError(c, 404, 'No customer has this id.', 'not_found', 'customer');
  const actor = (c: Context<ConsoleEnv>) => {
    const { user } = c.get('consoleSession');
    return { userId: user.id, email: user.email };
  };

  routes.get('/', async (c) => {
    const parsed = consoleCustomerQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return apiErrors(c, 400, issuesToErrors(parsed.error.issues));
    const query = readCustomerQuery(parsed.data.q);
    if (query === 'invalid_email')
      return apiError(c, 400, 'This is not an e-mail address.', 'invalid_parameter', 'q');
    if (query.kind === 'id') {
      const id = customerIdSchema.safeParse(query.id);
      return c.json(
        id.success ? await consoleCustomerById(deps.db, id.data) : { data: [], next_cursor: null },
      );
    }
    const after = readCursor(c, parsed.data.cursor, 'cursor', decodeCursor);
    if (!after.ok) return after.response;
    const { cursor } = after;
    const page = await consoleCustomerPage(deps.db, query, {
      limit: PAGE_SIZE,
      after: cursor && { at: cursor.createdAt, id: cursor.id },
    });
    return c.json({
      data: page.data,
      next_cursor: page.next ? encodeCursor(page.next.at, page.next.id) : null,
    });
  });

  routes.get('/:customer', async (c) => {
    const id = readId(c);
    const detail = id && (await consoleCustomerDetail(deps.db, id, c.get('consoleSession').user.role));
    return detail ? c.json(detail) : notFound(c);
  });

  routes.delete('/:customer/cards/:cardId', requirePermission('operate'), async (c) => {
    const id = readId(c);
    const cardId = readCardId(c.req.param('cardId'));
    const removed =
      id !== undefined &&
      cardId !== undefined &&
      (await removeCustomerCard(deps.db, id, cardId, { actor: actor(c), now: deps.now() }));
    if (!removed) return apiError(c, 404, 'This customer has no such saved card.', 'not_found', 'card_id');
    return c.json({ id: cardId, object: 'saved_card', deleted: true });
  });

  routes.post('/:customer/erase', requirePermission('administer'), async (c) => {
    const id = readId(c);
    if (!id) return notFound(c);
    const body = await readJsonBody(c, consoleEraseRequestSchema);
    if (!body.ok) return body.response;
    const outcome = await consoleEraseCustomer(deps.db, id, body.data.confirmation, actor(c), deps.now());
    if (outcome.ok) {
      const { erasure } = outcome;
      return c.json({
        id: erasure.id,
        already_erased: erasure.already_erased,
        sessions_anonymised: erasure.sessions_anonymised,
        payments_anonymised: erasure.payments_anonymised,
        saved_cards_removed: erasure.saved_cards_removed,
      });
    }
    switch (outcome.reason) {
      case 'not_found':
        return notFound(c);
      case 'confirmation_mismatch':
        return apiError(
          c,
          422,
          'Type the customer’s e-mail exactly to confirm the erasure.',
          'confirmation_mismatch',
          'confirmation',
        );
      case 'may_take_money':
        return apiError(
          c,
          409,
          'A payment of this customer may still take money: erase once it is paid, failed or expired.',
          'customer_has_open_payment',
        );
      case 'open_session':
        return apiError(
          c,
          409,
          'A checkout of this customer can still be paid: erase once it has expired.',
          'customer_has_open_session',
        );
    }
  });

  return routes;
}
