/**
 * Words the card and PIX forms share: the billing and delivery address, and what the form says about a
 * submission as a whole. Bundled with the checkout (the card form is on its first load).
 */
const en = {
  'address.billingLegend': 'Billing address',
  'address.billingName': 'Name for billing',
  'address.billingNameDiffers': 'Billing name differs',
  'address.zipcode': 'CEP',
  'address.zipcodeHint': '8 digits, e.g. 01310-100',
  'address.street': 'Street',
  'address.streetNumber': 'Number',
  'address.neighborhood': 'Neighbourhood',
  'address.city': 'City',
  'address.state': 'State',
  'address.statePlaceholder': 'Choose…',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'address.billingLegend': 'Endereço de cobrança',
  'address.billingName': 'Nome na cobrança',
  'address.billingNameDiffers': 'Nome de cobrança diferente',
  'address.zipcode': 'CEP',
  'address.zipcodeHint': '8 dígitos, ex.: 01310-100',
  'address.street': 'Rua',
  'address.streetNumber': 'Número',
  'address.neighborhood': 'Bairro',
  'address.city': 'Cidade',
  'address.state': 'Estado',
  'address.statePlaceholder': 'Escolha…',
};

export const shopperFormMessages = { en, 'pt-BR': ptBR };
