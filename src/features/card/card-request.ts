import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import type {
  CardTransactionRequest,
  ThreeDSTransactionRequest,
} from '../../../contract/gateway/transaction-request.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { buildCardRequest } from './build-card-request.ts';
import { buildThreeDSRequest } from './build-three-ds-request.ts';
import type { CardFormValues } from './card-form-schema.ts';

/**
 * The request the card form sends: with `threeDSecure` the 3DS form, otherwise the plain one. Loaded when
 * the shopper pays (and prefetched on the first interaction, src/app/prefetch.ts), not with the form: the
 * builders, the tax id's check digits and the phone's normalisation are not needed to paint it.
 */
export function cardPaymentRequest(
  values: CardFormValues,
  order: OrderConfig,
  threeDSecure: ThreeDSecureRequest | undefined,
): CardTransactionRequest | ThreeDSTransactionRequest {
  return threeDSecure ? buildThreeDSRequest(values, order, threeDSecure) : buildCardRequest(values, order);
}
