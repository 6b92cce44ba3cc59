/**
 * The designers' demo shopper (src/mock/fill-form.ts, "Fill test data") as the payment forms hold her, by
 * the field names react-hook-form registers; unit tests use the same values. A real CEP and a valid CPF.
 * Production code never imports it.
 */
export const DEMO_SHOPPER_FORM = {
  customerName: 'Maria Silva',
  email: 'maria@example.com',
  taxId: '529.982.247-25',
  phone: '(11) 98765-4321',
  billingName: 'Maria Silva',
  zipcode: '01310-100',
  street: 'Avenida Paulista',
  streetNumber: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
} as const;
