import { cardRequestSample, customerSample, pixRequestSample } from '../../contract/testing/samples.ts';
import { orderBody, PUBLIC_URL } from './test-app.ts';

/** A CVV and expiry that cannot appear by chance in ids: the tests look for them in stored rows. */
export const CARD = {
  card_number: '4111111111111111',
  card_holder_name: 'MARIA SILVA',
  card_expiration_date: '0931',
  card_cvv: '7391',
} as const;

const ORDER = orderBody();
export const ORDER_AMOUNT = 16590;

export function cardPayment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    payment_method: 'credit_card',
    amount: ORDER_AMOUNT,
    async: false,
    capture: true,
    installments: 1,
    descriptor: ORDER.descriptor,
    card: CARD,
    billing: cardRequestSample.billing,
    items: ORDER.items,
    ...overrides,
  };
}

export function threeDSPayment(
  sessionId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...cardPayment(),
    capture: false,
    customer: customerSample,
    threeDSecure: {
      urlSuccess: `${PUBLIC_URL}/pay/${sessionId}/3ds?via=success`,
      urlFail: `${PUBLIC_URL}/pay/${sessionId}/3ds?via=fail`,
      userAgent: 'Mozilla/5.0',
      ipAddress: '',
      device: {
        colorDepth: '24',
        deviceType3ds: 'browser',
        javaEnabled: false,
        language: 'pt-BR',
        screenHeight: 900,
        screenWidth: 600,
        timeZoneOffset: -3,
      },
    },
    ...overrides,
  };
}

export function pixPayment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...pixRequestSample, amount: ORDER_AMOUNT, ...overrides };
}
