const en = {
  'card.formName': 'Pay by card',
  'card.legend': 'Card details',
  'card.number': 'Card number',
  'card.brandDetected': 'Card brand:',
  'card.holderName': 'Name on card',
  'card.expiry': 'Expiry date',
  'card.expiryHint': 'MM/YY',
  'card.cvv': 'CVV',
  'card.cvvHintThree': '3 digits on the back',
  'card.cvvHintFour': '4 digits on the front',
  'card.installments': 'Installments',
  'card.installment.single': '1x {amount}',
  'card.installment.noInterest': '{count}x {amount} (no interest)',
  'card.pay': 'Pay {amount}',
  'card.paying': 'Processing payment…',
  // Browser → this checkout's server → the gateway (README, PCI note): the shop's own site never sees them.
  'card.secureNote':
    'Your card details go only to this checkout’s payment server, which passes them to the payment processor. They are not stored, and the shop’s website never sees them.',
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
  'card.error.cvvInvalid': 'The CVV has 3 or 4 digits.',
  'card.error.cvvThree': 'The CVV of this card has 3 digits.',
  'card.error.cvvFour': 'The CVV of this card has 4 digits.',
  'card.error.installments': 'Choose the number of installments.',
  'card.error.unexpected':
    'Something went wrong before your payment was sent. Nothing was charged. Please try again.',
  'card.unknownOutcome':
    'We could not confirm your payment, and it may have gone through. To avoid paying twice, check your bank app or the store’s confirmation email before you try again.',
  'card.unknownOutcome.retry': 'I have checked — try again',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'card.formName': 'Pagar com cartão',
  'card.legend': 'Dados do cartão',
  'card.number': 'Número do cartão',
  'card.brandDetected': 'Bandeira:',
  'card.holderName': 'Nome no cartão',
  'card.expiry': 'Validade',
  'card.expiryHint': 'MM/AA',
  'card.cvv': 'CVV',
  'card.cvvHintThree': '3 dígitos no verso',
  'card.cvvHintFour': '4 dígitos na frente',
  'card.installments': 'Parcelas',
  'card.installment.single': '1x {amount}',
  'card.installment.noInterest': '{count}x {amount} (sem juros)',
  'card.pay': 'Pagar {amount}',
  'card.paying': 'Processando pagamento…',
  'card.secureNote':
    'Os dados do cartão vão apenas para o servidor de pagamento deste checkout, que os repassa ao processador de pagamentos. Eles não são armazenados, e o site da loja nunca os vê.',
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
  'card.error.cvvInvalid': 'O CVV tem 3 ou 4 dígitos.',
  'card.error.cvvThree': 'O CVV deste cartão tem 3 dígitos.',
  'card.error.cvvFour': 'O CVV deste cartão tem 4 dígitos.',
  'card.error.installments': 'Escolha o número de parcelas.',
  'card.error.unexpected':
    'Algo deu errado antes de o pagamento ser enviado. Nada foi cobrado. Tente de novo.',
  'card.unknownOutcome':
    'Não conseguimos confirmar seu pagamento, e ele pode ter sido feito. Para não pagar duas vezes, confira o app do seu banco ou o e-mail de confirmação da loja antes de tentar de novo.',
  'card.unknownOutcome.retry': 'Já conferi — tentar de novo',
};

export const cardMessages = { en, 'pt-BR': ptBR };
