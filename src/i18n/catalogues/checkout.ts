const en = {
  'checkout.heading': 'Checkout',
  'checkout.summary': 'Order summary',
  'checkout.quantity': 'Qty {quantity}',
  'checkout.total': 'Total',
  'checkout.delivery': 'Delivery',
  'checkout.cardFees': 'Card fees',
  'checkout.methodLegend': 'Payment method',
  'checkout.method.credit_card': 'Card',
  'checkout.method.boleto': 'Boleto',
  'checkout.method.pix': 'PIX',
  'checkout.calculating': 'calculating…',
  'checkout.backToShop': 'Back to the shop',
  'checkout.cancel': 'Cancel and go back to the shop',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'checkout.heading': 'Pagamento',
  'checkout.summary': 'Resumo do pedido',
  'checkout.quantity': 'Qtd. {quantity}',
  'checkout.total': 'Total',
  'checkout.delivery': 'Entrega',
  'checkout.cardFees': 'Taxas do cartão',
  'checkout.methodLegend': 'Forma de pagamento',
  'checkout.method.credit_card': 'Cartão',
  'checkout.method.boleto': 'Boleto',
  'checkout.method.pix': 'PIX',
  'checkout.calculating': 'calculando…',
  'checkout.backToShop': 'Voltar para a loja',
  'checkout.cancel': 'Cancelar e voltar para a loja',
};

export const checkoutMessages = { en, 'pt-BR': ptBR };
