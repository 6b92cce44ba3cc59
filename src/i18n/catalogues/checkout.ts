const en = {
  'checkout.heading': 'Checkout',
  'checkout.summary': 'Order summary',
  'checkout.quantity': 'Qty {quantity}',
  'checkout.total': 'Total',
  'checkout.delivery': 'Delivery',
  'checkout.methodLegend': 'Payment method',
  'checkout.method.credit_card': 'Card',
  'checkout.method.pix': 'PIX',
  'checkout.config.title': 'This checkout link is not valid',
  'checkout.config.body': 'Ask the store for a new payment link. What is wrong:',
  'checkout.config.param': 'the “{name}” parameter',
  'checkout.config.missing': 'No order was given. Open the checkout from the store’s payment link.',
  'checkout.config.sessionOnly':
    'This checkout opens only from a shop’s payment link. Ask the shop for a new link.',
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
  'checkout.methodLegend': 'Forma de pagamento',
  'checkout.method.credit_card': 'Cartão',
  'checkout.method.pix': 'PIX',
  'checkout.config.title': 'Este link de pagamento não é válido',
  'checkout.config.body': 'Peça à loja um novo link de pagamento. O que está errado:',
  'checkout.config.param': 'o parâmetro “{name}”',
  'checkout.config.missing': 'Nenhum pedido foi informado. Abra o pagamento pelo link da loja.',
  'checkout.config.sessionOnly':
    'Este pagamento só abre pelo link de pagamento de uma loja. Peça um novo link à loja.',
  'checkout.backToShop': 'Voltar para a loja',
  'checkout.cancel': 'Cancelar e voltar para a loja',
};

export const checkoutMessages = { en, 'pt-BR': ptBR };
