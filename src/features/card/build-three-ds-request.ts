import type { ThreeDSecureRequest } from '../../../contract/gateway/three-d-secure.ts';
import type { ThreeDSTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import { toCustomerRequest } from '../../shopper/customer-request.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import { buildCardRequest } from './build-card-request.ts';
import type { CardFormValues } from './card-form-schema.ts';

/**
 * Form values → the 3DS form of spec 2.1: authorised only (`capture: false`), with the shopper and the
 * browser data. `threeDSecure` comes from outside because the card feature knows nothing of 3DS.
 */
export function buildThreeDSRequest(
  values: CardFormValues,
  order: OrderConfig,
  threeDSecure: ThreeDSecureRequest,
): ThreeDSTransactionRequest {
  return {
    ...buildCardRequest(values, order),
    capture: false,
    customer: toCustomerRequest(values),
    threeDSecure,
  };
}
