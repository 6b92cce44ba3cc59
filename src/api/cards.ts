import { gatewayRequest } from './http-client.ts';
import {
  cardCreationResponseSchema,
  cardRequestSchema,
  type CardCreationResponse,
  type CardRequest,
} from './schemas/card.ts';

export function createCard(body: CardRequest, signal?: AbortSignal): Promise<CardCreationResponse> {
  return gatewayRequest({
    method: 'POST',
    path: '/v1/cards',
    body,
    requestSchema: cardRequestSchema,
    responseSchema: cardCreationResponseSchema,
    signal,
  });
}
