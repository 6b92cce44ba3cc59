import { describe, expect, it } from 'vitest';
import { cardRequestSample, pixRequestSample, threeDSRequestSample } from '../testing/samples.ts';
import {
  cardTransactionRequestSchema,
  pixTransactionRequestSchema,
  threeDSTransactionRequestSchema,
  transactionRequestSchema,
} from './transaction-request.ts';

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('transaction request schemas (spec 2.1)', () => {
  it('accept the three forms with the gateway sample values', () => {
    expect(cardTransactionRequestSchema.safeParse(cardRequestSample).success).toBe(true);
    expect(threeDSTransactionRequestSchema.safeParse(threeDSRequestSample).success).toBe(true);
    expect(pixTransactionRequestSchema.safeParse(pixRequestSample).success).toBe(true);
    for (const body of [cardRequestSample, threeDSRequestSample, pixRequestSample]) {
      expect(transactionRequestSchema.safeParse(body).success).toBe(true);
    }
  });

  it('reject a plain card request that does not capture', () => {
    const result = cardTransactionRequestSchema.safeParse({ ...cardRequestSample, capture: false });
    expect(issuePaths(result)).toEqual(['capture']);
  });

  it('reject a 3DS request without threeDSecure or with a bad device', () => {
    const { threeDSecure: _omitted, ...without } = threeDSRequestSample;
    expect(threeDSTransactionRequestSchema.safeParse(without).success).toBe(false);
    const badDevice = {
      ...threeDSRequestSample,
      threeDSecure: {
        ...threeDSRequestSample.threeDSecure,
        device: { ...threeDSRequestSample.threeDSecure.device, colorDepth: 30, timeZoneOffset: -3.5 },
      },
    };
    expect(issuePaths(threeDSTransactionRequestSchema.safeParse(badDevice))).toEqual([
      'threeDSecure.device.colorDepth',
      'threeDSecure.device.timeZoneOffset',
    ]);
  });

  it('reject card data in the wrong format and name the fields', () => {
    const broken = {
      ...cardRequestSample,
      card: {
        card_number: '4111 1111 1111 1111',
        card_holder_name: 'M',
        card_expiration_date: '13/33',
        card_cvv: '12',
      },
    };
    expect(issuePaths(cardTransactionRequestSchema.safeParse(broken))).toEqual([
      'card.card_number',
      'card.card_holder_name',
      'card.card_expiration_date',
      'card.card_cvv',
    ]);
  });

  it('reject amounts that are not positive integer cents', () => {
    expect(cardTransactionRequestSchema.safeParse({ ...cardRequestSample, amount: 150.9 }).success).toBe(
      false,
    );
    expect(cardTransactionRequestSchema.safeParse({ ...cardRequestSample, amount: 0 }).success).toBe(false);
  });

  it('reject unknown keys, so a typo never reaches the gateway', () => {
    expect(cardTransactionRequestSchema.safeParse({ ...cardRequestSample, instalments: 2 }).success).toBe(
      false,
    );
  });

  it('reject a customer with an invalid email, phone or document', () => {
    const body = {
      ...pixRequestSample,
      customer: { ...pixRequestSample.customer, email: 'maria', phone_numbers: ['11987654321'] },
    };
    expect(issuePaths(pixTransactionRequestSchema.safeParse(body))).toEqual([
      'customer.email',
      'customer.phone_numbers.0',
    ]);
  });
});
