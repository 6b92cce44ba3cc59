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

const ASKS_ADDRESS = { address: true, phone: false };

function problems(values: PixFormValues, asks = ASKS_ADDRESS): Record<string, string> {
  const result = pixFormSchema(asks).safeParse(values);
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

describe('what the PIX form asks', () => {
  const payer = { customerName: 'Maria Silva', email: 'maria@example.com', taxId: '529.982.247-25' };

  it('without the address, only the payer: name, e-mail and document', () => {
    expect(problems({ ...EMPTY_PIX_FORM, ...payer }, { address: false, phone: false })).toEqual({});
    expect(problems(EMPTY_PIX_FORM, { address: false, phone: false })).toEqual({
      customerName: 'customer.error.nameRequired',
      email: 'customer.error.emailRequired',
      taxId: 'customer.error.taxIdRequired',
    });
  });

  it('the phone only when the session asks it; a phone that is there must be one', () => {
    const lean = { address: false, phone: false };
    expect(problems({ ...EMPTY_PIX_FORM, ...payer, phone: '11' }, lean)).toEqual({
      phone: 'customer.error.phoneInvalid',
    });
    expect(problems({ ...EMPTY_PIX_FORM, ...payer }, { address: false, phone: true })).toEqual({
      phone: 'customer.error.phoneRequired',
    });
  });
});

describe('buildPixRequest', () => {
  it('sends no billing when the session does not collect the address, and no phone when none was asked', () => {
    const order = { ...DEMO_ORDER, collect: { address: false } };
    const request = buildPixRequest({ ...filled, phone: '' }, order);
    expect(request).not.toHaveProperty('billing');
    expect(request.customer.phone_numbers).toEqual([]);
    // A delivered order asks its address anyway, and bills it.
    expect(buildPixRequest(filled, { ...order, shipping: { fee: 1500 } }).billing?.address.zipcode).toBe(
      '01310100',
    );
  });

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
