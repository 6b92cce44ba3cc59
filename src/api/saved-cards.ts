import * as z from 'zod/mini';
import { cardRequestSchema, type CardRequest } from '../../contract/gateway/card.ts';
import { API_PATHS } from '../../contract/checkout-session.ts';
import { savedCardCreatedSchema, type SavedCardCreated } from '../../contract/saved-cards.ts';
import { gatewayRequest } from './http-client.ts';

const removedSchema = z.object({ id: z.int(), deleted: z.literal(true) });

/** Removes one of the session customer's saved cards (`DELETE /api/pay/{id}/cards/{card_id}`). */
export async function removeSavedCard(sessionId: string, cardId: number): Promise<void> {
  await gatewayRequest({
    method: 'DELETE',
    path: `/${cardId}`,
    responseSchema: removedSchema,
    baseUrl: API_PATHS.shopperCards(sessionId),
  });
}

/**
 * "Save a card without paying" (a session in mode `setup`): the gateway-shaped `POST /v1/cards` under
 * the session's base. The card is validated before it leaves the browser and held by no cache.
 */
export function createSavedCard(baseUrl: string, card: CardRequest): Promise<SavedCardCreated> {
  return gatewayRequest({
    method: 'POST',
    path: '/v1/cards',
    body: card,
    requestSchema: cardRequestSchema,
    responseSchema: savedCardCreatedSchema,
    baseUrl,
  });
}
