import type { BRAZIL_STATES } from './brazil-states.ts';

/** The billing name and address as the card and PIX forms hold them; validated by billing-address-form.ts. */
export interface BillingAddressFormValues {
  billingName: string;
  zipcode: string;
  street: string;
  streetNumber: string;
  neighborhood: string;
  city: string;
  state: (typeof BRAZIL_STATES)[number];
}

export const EMPTY_BILLING_ADDRESS_FORM: BillingAddressFormValues = {
  billingName: '',
  zipcode: '',
  street: '',
  streetNumber: '',
  neighborhood: '',
  city: '',
  // The select starts on its placeholder; validation refuses it.
  state: '' as BillingAddressFormValues['state'],
};

export const digitsOf = (value: string) => value.replace(/\D/g, '');
