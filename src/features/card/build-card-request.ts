import type { CardTransactionRequest } from '../../../contract/gateway/transaction-request.ts';
import { toBillingRequest } from '../../shopper/billing-request.ts';
import type { OrderConfig } from '../../lib/order-config.ts';
import type { CardFormValues } from './card-form-schema.ts';
import { expiryToWire } from './expiry.ts';

/** Form values → the plain card form of spec 2.1, exactly. */
export function buildCardRequest(values: CardFormValues, order: OrderConfig): CardTransactionRequest {
  return {
    payment_method: 'credit_card',
    amount: order.amount,
    capture: true,
    installments: Number(values.installments),
    ...(order.descriptor ? { descriptor: order.descriptor } : {}),
    card: {
      card_number: values.cardNumber.replace(/\D/g, ''),
      card_holder_name: values.holderName.trim(),
      card_expiration_date: expiryToWire(values.expiry),
      card_cvv: values.cvv,
    },
    billing: toBillingRequest(values),
    items: order.items.map((item) => ({
      title: item.title,
      unit_price: item.unitPrice,
      quantity: item.quantity,
      tangible: item.tangible,
    })),
  };
}
