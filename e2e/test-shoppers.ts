/** The e2e's test shoppers, cards and addresses: the one place their values are written. */

export interface CardDetails {
  number: string;
  name: string;
  expiry: string;
  cvv: string;
}

export interface Address {
  zipcode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** A billing address with the name it is billed to. */
export interface BillingDetails extends Address {
  name: string;
}

/** What the card form with 3DS and the PIX form ask about the shopper. */
export interface Shopper {
  name: string;
  email: string;
  taxId: string;
  phone: string;
}

/** A valid CPF (check digits 0 and 9). */
export const MARIA: Shopper = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  taxId: '529.982.247-25',
  phone: '(11) 98765-4321',
};

/** The shopper a shop already knows on the phone specs (its session carries her details). */
export const ANA: Shopper = { ...MARIA, name: 'Ana Silva', email: 'ana@example.com' };

/** The mock approves it (docs/shoppers-and-designers/test-cards.md). */
export const APPROVED_VISA: CardDetails = {
  number: '4111 1111 1111 1111',
  name: 'MARIA SILVA',
  expiry: '12/34',
  cvv: '123',
};

/** A real CEP: the address lookup fills the rest from it. */
export const SAO_PAULO: Address = {
  zipcode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

export const SAO_PAULO_BILLING: BillingDetails = { name: MARIA.name, ...SAO_PAULO };
