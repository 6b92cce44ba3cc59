import { describe, expect, it } from 'vitest';
import { sessionAddressSample as ADDRESS } from '../../contract/testing/samples.ts';
import { DEMO_SHOPPER_FORM } from '../lib/demo-shopper.ts';
import { customerStart } from './customer-prefill.ts';

describe('what the forms start with from the session’s customer', () => {
  it('fills the billing address the shop knows, CEP as the shopper would type it', () => {
    const { values, prefilled } = customerStart({ name: 'Ana Silva', address: ADDRESS });
    // The same place as the demo shopper's, as the form holds it (the CEP masked as typed).
    const { zipcode, street, streetNumber, neighborhood, city, state } = DEMO_SHOPPER_FORM;
    expect(values).toMatchObject({
      billingName: 'Ana Silva',
      zipcode,
      street,
      streetNumber,
      neighborhood,
      city,
      state,
    });
    expect(prefilled?.name).toBe('Ana Silva');
  });

  it('fills the address even when the shop gave no name, and folds nothing then', () => {
    const { values, prefilled } = customerStart({ address: ADDRESS });
    expect(values).toMatchObject({ zipcode: '01310-100', state: 'SP' });
    expect(values.billingName).toBeUndefined();
    expect(prefilled).toBeUndefined();
  });

  it('leaves a UF that is not Brazilian for the shopper to choose', () => {
    const { values } = customerStart({ name: 'Ana Silva', address: { ...ADDRESS, state: 'ZZ' } });
    expect(values.state).toBeUndefined();
    expect(values.city).toBe('São Paulo');
  });

  it('fills an e-mail the shop gave without a name, in the open fields (no name to fold under)', () => {
    const { values, prefilled } = customerStart({ email: 'ana@example.com' });
    expect(values).toEqual({ email: 'ana@example.com' });
    expect(prefilled).toEqual({ name: undefined, details: ['ana@example.com'], fields: ['email'] });
  });

  it('fills the document and phone the shop gave without a name too', () => {
    const { values, prefilled } = customerStart({
      email: 'ana@example.com',
      document: { type: 'cpf', number: '52998224725' },
      phone: '+5511987654321',
    });
    expect(values).toEqual({
      email: 'ana@example.com',
      taxId: '529.982.247-25',
      phone: '(11) 98765-4321',
    });
    // Known, so the phone is shown (and sent) even where the session does not ask one.
    expect(prefilled?.fields).toEqual(['email', 'taxId', 'phone']);
  });

  it('starts with nothing when the session knows no customer', () => {
    expect(customerStart(null)).toEqual({ values: {}, prefilled: undefined });
  });
});
