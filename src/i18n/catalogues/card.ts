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
  // Browser → this checkout's server → the gateway (docs/operators/go-live.md, PCI): the shop's own site
  // never sees them.
  'card.secureNote':
    'Your card details go only to this checkout’s payment server, which passes them to the payment processor. They are not stored, and the shop’s website never sees them.',
  'card.error.unexpected':
    'Something went wrong before your payment was sent. Nothing was charged. Try again.',
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
  'card.error.unexpected':
    'Algo deu errado antes de o pagamento ser enviado. Nada foi cobrado. Tente de novo.',
};

export const cardMessages = { en, 'pt-BR': ptBR };
