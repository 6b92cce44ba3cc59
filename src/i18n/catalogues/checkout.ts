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
  'checkout.config.sessionOnly': 'This checkout opens only from a shop’s payment link. Ask the shop for a new link.',
  'checkout.backToShop': 'Back to the shop',
  'checkout.cancel': 'Cancel and go back to the shop',
  'result.approved.title': 'Payment approved',
  'result.approved.body': 'Your payment of {amount} was approved.',
  'result.approved.installments': '{count}x on {brand} ending in {last4}',
  'result.declined.title': 'Payment declined',
  'result.declined.body':
    'Your bank did not approve this payment. No money was taken. Try another card or payment method.',
  'result.declined.retry': 'Try another card',
  'result.pending.title': 'Payment in progress',
  'result.pending.body':
    'Your bank is still confirming the payment. This page updates by itself; please keep it open.',
  'result.pending.checking': 'Checking the payment status…',
  'result.pending.error': 'We could not check the status just now; we will keep trying.',
  'result.refunded.title': 'Payment refunded',
  'result.refunded.body': 'This payment was refunded.',
  'result.reference': 'Reference {reference}',
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
  'checkout.config.sessionOnly': 'Este pagamento só abre pelo link de pagamento de uma loja. Peça um novo link à loja.',
  'checkout.backToShop': 'Voltar para a loja',
  'checkout.cancel': 'Cancelar e voltar para a loja',
  'result.approved.title': 'Pagamento aprovado',
  'result.approved.body': 'Seu pagamento de {amount} foi aprovado.',
  'result.approved.installments': '{count}x no {brand} final {last4}',
  'result.declined.title': 'Pagamento recusado',
  'result.declined.body':
    'Seu banco não aprovou este pagamento. Nenhum valor foi cobrado. Tente outro cartão ou outra forma de pagamento.',
  'result.declined.retry': 'Tentar outro cartão',
  'result.pending.title': 'Pagamento em processamento',
  'result.pending.body':
    'Seu banco ainda está confirmando o pagamento. Esta página se atualiza sozinha; mantenha-a aberta.',
  'result.pending.checking': 'Verificando o status do pagamento…',
  'result.pending.error': 'Não conseguimos verificar o status agora; vamos continuar tentando.',
  'result.refunded.title': 'Pagamento estornado',
  'result.refunded.body': 'Este pagamento foi estornado.',
  'result.reference': 'Referência {reference}',
};

export const checkoutMessages = { en, 'pt-BR': ptBR };
