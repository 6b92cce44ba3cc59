import { describe, expect, it } from 'vitest';
import { DEMO_SHOPPER_FORM } from '../../lib/demo-shopper.ts';
import { DEMO_ORDER } from '../../lib/order-config.ts';
import { buildPixRequest } from './build-pix-request.ts';
import { pixFieldFor } from './pix-field-map.ts';
import { EMPTY_PIX_FORM, pixFormSchema, type PixFormValues } from './pix-form-schema.ts';

const filled: PixFormValues = {
  ...EMPTY_PIX_FORM,
  ...DEMO_SHOPPER_FORM,
  // Spaces around the name: the schema trims them.
  customerName: ` ${DEMO_SHOPPER_FORM.customerName} `,
};

function problems(values: PixFormValues): Record<string, string> {
  const result = pixFormSchema.safeParse(values);
  if (result.success) return {};
  // The form shows the first problem of each field, as react-hook-form's resolver does.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('PIX form', () => {
  it('accepts a complete form and names each missing field by a catalogue key', () => {
    expect(problems(filled)).toEqual({});
    expect(problems(EMPTY_PIX_FORM)).toMatchObject({
      taxId: 'customer.error.taxIdRequired',
      zipcode: 'address.error.zipcodeRequired',
      state: 'address.error.stateInvalid',
    });
  });

  it('checks the delivery address only when it differs from the billing one, alongside other errors', () => {
    const elsewhere = { ...filled, shipToBilling: false };
    expect(problems(elsewhere)).toMatchObject({
      shipName: 'pix.error.shipNameRequired',
      shipZipcode: 'address.error.zipcodeInvalid',
      shipState: 'address.error.stateInvalid',
    });
    expect(problems({ ...elsewhere, email: '' })).toHaveProperty('shipName');
  });
});

describe('buildPixRequest', () => {
  it('sends no shipping when the order has no delivery', () => {
    const request = buildPixRequest(filled, DEMO_ORDER);
    expect(request).not.toHaveProperty('shipping');
    expect(request).toMatchObject({ payment_method: 'pix', amount: DEMO_ORDER.amount });
    expect(request.customer.documents).toEqual([{ type: 'cpf', number: '52998224725' }]);
  });

  it('delivers to the billing address by default, with the fee in cents as a string', () => {
    const request = buildPixRequest(filled, { ...DEMO_ORDER, shipping: { fee: 1500 } });
    expect(request.shipping).toEqual({
      name: 'Maria Silva',
      fee: '1500',
      address: {
        street: 'Avenida Paulista',
        street_number: '1000',
        zipcode: '01310100',
        country: 'br',
        state: 'SP',
        city: 'São Paulo',
      },
    });
  });
});

describe('pixFieldFor', () => {
  it('maps gateway parameters to the field the shopper can fix', () => {
    expect(pixFieldFor({ field: 'customer.documents.0.number', message: '' }, true)).toBe('taxId');
    expect(pixFieldFor({ field: 'customer.name', message: '' }, true)).toBe('customerName');
    expect(pixFieldFor({ field: 'email', message: '' }, true)).toBe('email');
    expect(pixFieldFor({ field: 'billing.address.zipcode', message: '' }, true)).toBe('zipcode');
    expect(pixFieldFor({ field: 'billing.name', message: '' }, true)).toBe('billingName');
    expect(pixFieldFor({ field: 'shipping.address.zipcode', message: '' }, false)).toBe('shipZipcode');
    expect(pixFieldFor({ field: 'shipping.address.zipcode', message: '' }, true)).toBe('zipcode');
    expect(pixFieldFor({ field: 'shipping.name', message: '' }, true)).toBe('customerName');
    expect(pixFieldFor({ field: 'name', message: '' }, true)).toBeUndefined();
  });
});
