import type {
  CardTransactionRequest,
  SavedCardThreeDSTransactionRequest,
  SavedCardTransactionRequest,
  ThreeDSTransactionRequest,
} from '../../../contract/gateway/transaction-request.ts';

/**
 * The same request paid with a saved card: `card_id` top-level instead of `card` (docs/gateway-api.md §2.1).
 */
export function withSavedCard(
  request: CardTransactionRequest | ThreeDSTransactionRequest,
  cardId: number,
): SavedCardTransactionRequest | SavedCardThreeDSTransactionRequest {
  const { card: _typed, ...rest } = request;
  return { ...rest, card_id: cardId };
}
