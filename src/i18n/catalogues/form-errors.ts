import { registerMessages } from '../registry.ts';

/**
 * What is said after a submission — a field's error, a gateway failure (`error.*`), an unknown outcome —
 * registered by the code that must have run first (the card form's validation chunk, the PIX form's and
 * the simulator's result chunks), so the words are not part of the checkout's first load but are there
 * before any of them can be shown.
 */
const en = {
  'error.network': 'We could not reach the payment service. Check your connection and try again.',
  'error.timeout': 'The payment service took too long to answer. Try again in a moment.',
  'error.integration': 'The payment service could not accept some details. Check the highlighted fields.',
  'error.unauthorized': 'This checkout is not authorised to take payments. Please contact the store.',
  'error.notFound': 'We could not find this payment.',
  'error.invalidResponse': 'The payment service sent an answer we could not read. Please try again.',
  'error.server': 'The payment service had a problem. Try again in a moment.',
  'card.unknownOutcome':
    'We could not confirm your payment, and it may have gone through. To avoid paying twice, check your bank app or the store’s confirmation email before you try again.',
  'card.unknownOutcome.retry': 'I have checked — try again',
  'card.error.numberRequired': 'Enter the card number.',
  'card.error.numberInvalid': 'This card number is not valid. Check the digits.',
  'card.error.nameRequired': 'Enter the name as printed on the card.',
  'card.error.nameInvalid': 'Use letters only, as printed on the card.',
  'card.error.expiryRequired': 'Enter the expiry date.',
  'card.error.expiryFormat': 'Enter the expiry date as MM/YY.',
  'card.error.expiryMonth': 'The month must be between 01 and 12.',
  'card.error.expiryPast': 'This card has expired.',
  'card.error.expiryFar': 'Check the expiry year.',
  'card.error.cvvRequired': 'Enter the CVV.',
  'card.error.cvvInvalid': 'The CVV has digits only.',
  'card.error.cvvThree': 'The CVV of this card has 3 digits.',
  'card.error.cvvFour': 'The CVV of this card has 4 digits.',
  'card.error.installments': 'Choose the number of installments.',
  'customer.error.nameRequired': 'Enter your full name.',
  'customer.error.emailRequired': 'Enter your email.',
  'customer.error.emailInvalid': 'Enter an email like name@example.com.',
  'customer.error.taxIdRequired': 'Enter your CPF or CNPJ.',
  'customer.error.taxIdInvalid': 'This CPF or CNPJ is not valid. Check the digits.',
  'customer.error.phoneRequired': 'Enter your phone number.',
  'customer.error.phoneInvalid': 'Enter the phone number with its area code.',
  'address.error.billingNameRequired': 'Enter the full name for billing.',
  'address.error.zipcodeRequired': 'Enter the CEP.',
  'address.error.zipcodeInvalid': 'Enter the CEP with 8 digits, e.g. 01310-100.',
  'address.error.streetRequired': 'Enter the street.',
  'address.error.streetNumberRequired': 'Enter the number.',
  'address.error.neighborhoodRequired': 'Enter the neighbourhood.',
  'address.error.cityRequired': 'Enter the city.',
  'address.error.stateInvalid': 'Choose the state.',
  'form.error.gatewayRejected': 'The payment service did not accept this. Check it and try again.',
  'form.error.summaryOne': 'Check the highlighted field.',
  'form.error.summaryOther': 'Check the {count} highlighted fields.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'error.network': 'Não conseguimos falar com o serviço de pagamento. Verifique sua conexão e tente de novo.',
  'error.timeout': 'O serviço de pagamento demorou demais para responder. Tente de novo em instantes.',
  'error.integration': 'O serviço de pagamento não aceitou alguns dados. Confira os campos destacados.',
  'error.unauthorized': 'Este checkout não está autorizado a receber pagamentos. Fale com a loja.',
  'error.notFound': 'Não encontramos este pagamento.',
  'error.invalidResponse':
    'O serviço de pagamento enviou uma resposta que não conseguimos ler. Tente de novo.',
  'error.server': 'O serviço de pagamento teve um problema. Tente de novo em instantes.',
  'card.unknownOutcome':
    'Não conseguimos confirmar seu pagamento, e ele pode ter sido feito. Para não pagar duas vezes, confira o app do seu banco ou o e-mail de confirmação da loja antes de tentar de novo.',
  'card.unknownOutcome.retry': 'Já conferi — tentar de novo',
  'card.error.numberRequired': 'Informe o número do cartão.',
  'card.error.numberInvalid': 'Este número de cartão não é válido. Confira os dígitos.',
  'card.error.nameRequired': 'Informe o nome como impresso no cartão.',
  'card.error.nameInvalid': 'Use apenas letras, como impresso no cartão.',
  'card.error.expiryRequired': 'Informe a validade.',
  'card.error.expiryFormat': 'Informe a validade como MM/AA.',
  'card.error.expiryMonth': 'O mês deve estar entre 01 e 12.',
  'card.error.expiryPast': 'Este cartão está vencido.',
  'card.error.expiryFar': 'Confira o ano de validade.',
  'card.error.cvvRequired': 'Informe o CVV.',
  'card.error.cvvInvalid': 'O CVV tem apenas números.',
  'card.error.cvvThree': 'O CVV deste cartão tem 3 dígitos.',
  'card.error.cvvFour': 'O CVV deste cartão tem 4 dígitos.',
  'card.error.installments': 'Escolha o número de parcelas.',
  'customer.error.nameRequired': 'Informe seu nome completo.',
  'customer.error.emailRequired': 'Informe seu e-mail.',
  'customer.error.emailInvalid': 'Informe um e-mail como nome@exemplo.com.',
  'customer.error.taxIdRequired': 'Informe seu CPF ou CNPJ.',
  'customer.error.taxIdInvalid': 'Este CPF ou CNPJ não é válido. Confira os dígitos.',
  'customer.error.phoneRequired': 'Informe seu telefone.',
  'customer.error.phoneInvalid': 'Informe o telefone com DDD.',
  'address.error.billingNameRequired': 'Informe o nome completo para cobrança.',
  'address.error.zipcodeRequired': 'Informe o CEP.',
  'address.error.zipcodeInvalid': 'Informe o CEP com 8 dígitos, ex.: 01310-100.',
  'address.error.streetRequired': 'Informe a rua.',
  'address.error.streetNumberRequired': 'Informe o número.',
  'address.error.neighborhoodRequired': 'Informe o bairro.',
  'address.error.cityRequired': 'Informe a cidade.',
  'address.error.stateInvalid': 'Escolha o estado.',
  'form.error.gatewayRejected': 'O serviço de pagamento não aceitou este dado. Confira e tente de novo.',
  'form.error.summaryOne': 'Confira o campo destacado.',
  'form.error.summaryOther': 'Confira os {count} campos destacados.',
};

export const formErrorMessages = { en, 'pt-BR': ptBR };
registerMessages(formErrorMessages);
