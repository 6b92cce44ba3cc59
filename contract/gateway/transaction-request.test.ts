import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardRequestSample,
  customerSample,
  pixRequestSample,
  threeDSRequestSample,
} from '../testing/samples.ts';
import {
  cardTransactionRequestSchema,
  parseTransactionRequest,
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

describe('parseTransactionRequest', () => {
  // Valid bodies of every form, then fast-check's edits of them: a key dropped, a value replaced (by another
  // form's key, a wrong type, a bad value), a key added. Whatever the input, the answer is the union's.
  const { card: _card, ...withoutCard } = cardRequestSample;
  const { card: _card3ds, ...threeDSWithoutCard } = threeDSRequestSample;
  const { phone_numbers: _phones, ...customerWithoutPhones } = customerSample;
  const boletoSample = {
    payment_method: 'boleto',
    amount: 15090,
    boleto_expiration_date: '2026-12-01',
    customer: { ...customerWithoutPhones },
    billing: cardRequestSample.billing,
  };
  const samples: Record<string, unknown>[] = [
    cardRequestSample,
    threeDSRequestSample,
    pixRequestSample,
    { ...withoutCard, card_id: 42 },
    { ...threeDSWithoutCard, card_id: 42 },
    boletoSample,
  ];
  const keys = [...new Set(samples.flatMap((sample) => Object.keys(sample)))];
  const values = fc.oneof(
    fc.constantFrom<unknown>(
      'credit_card',
      'pix',
      'boleto',
      42,
      -1,
      true,
      null,
      '',
      cardRequestSample.card,
      threeDSRequestSample.threeDSecure,
    ),
    fc.anything(),
  );
  const edit = fc.oneof(
    fc.record({ drop: fc.constantFrom(...keys) }),
    fc.record({ set: fc.constantFrom(...keys, 'extra'), value: values }),
  );
  const body = fc
    .tuple(fc.constantFrom(...samples), fc.array(edit, { maxLength: 3 }))
    .map(([sample, edits]) => {
      let edited: Record<string, unknown> = { ...sample };
      for (const change of edits) {
        edited =
          'drop' in change
            ? Object.fromEntries(Object.entries(edited).filter(([key]) => key !== change.drop))
            : { ...edited, [change.set]: change.value };
      }
      return edited;
    });

  it('answers as the union does, valid or not, with the same errors', () => {
    fc.assert(
      fc.property(fc.oneof(body, fc.anything()), (input) => {
        expect(parseTransactionRequest(input)).toEqual(transactionRequestSchema.safeParse(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every form', () => {
    for (const sample of samples) expect(parseTransactionRequest(sample).success).toBe(true);
  });
});
