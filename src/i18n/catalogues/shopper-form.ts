/**
 * Words the card and PIX forms share: the billing and delivery address, and what the form says about a
 * submission as a whole. Bundled with the checkout (the card form is on its first load).
 */
const en = {
  'address.billingLegend': 'Billing address',
  'address.billingName': 'Full name',
  'address.zipcode': 'CEP',
  'address.zipcodeHint': '8 digits, e.g. 01310-100',
  'address.street': 'Street',
  'address.streetNumber': 'Number',
  'address.neighborhood': 'Neighbourhood',
  'address.city': 'City',
  'address.state': 'State',
  'address.statePlaceholder': 'Choose…',
  'address.error.billingNameRequired': 'Enter the full name for billing.',
  'address.error.zipcodeRequired': 'Enter the CEP.',
  'address.error.zipcodeInvalid': 'Enter the CEP with 8 digits, e.g. 01310-100.',
  'address.error.streetRequired': 'Enter the street.',
  'address.error.streetNumberRequired': 'Enter the number.',
  'address.error.neighborhoodRequired': 'Enter the neighbourhood.',
  'address.error.cityRequired': 'Enter the city.',
  'address.error.stateInvalid': 'Choose the state.',
  'form.error.gatewayRejected': 'Not accepted by the payment service: {detail}',
  'form.error.summaryOne': 'Check the highlighted field.',
  'form.error.summaryOther': 'Check the {count} highlighted fields.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'address.billingLegend': 'Endereço de cobrança',
  'address.billingName': 'Nome completo',
  'address.zipcode': 'CEP',
  'address.zipcodeHint': '8 dígitos, ex.: 01310-100',
  'address.street': 'Rua',
  'address.streetNumber': 'Número',
  'address.neighborhood': 'Bairro',
  'address.city': 'Cidade',
  'address.state': 'Estado',
  'address.statePlaceholder': 'Escolha…',
  'address.error.billingNameRequired': 'Informe o nome completo para cobrança.',
  'address.error.zipcodeRequired': 'Informe o CEP.',
  'address.error.zipcodeInvalid': 'Informe o CEP com 8 dígitos, ex.: 01310-100.',
  'address.error.streetRequired': 'Informe a rua.',
  'address.error.streetNumberRequired': 'Informe o número.',
  'address.error.neighborhoodRequired': 'Informe o bairro.',
  'address.error.cityRequired': 'Informe a cidade.',
  'address.error.stateInvalid': 'Escolha o estado.',
  'form.error.gatewayRejected': 'Não aceito pelo serviço de pagamento: {detail}',
  'form.error.summaryOne': 'Confira o campo destacado.',
  'form.error.summaryOther': 'Confira os {count} campos destacados.',
};

export const shopperFormMessages = { en, 'pt-BR': ptBR };
