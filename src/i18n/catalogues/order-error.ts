import { registerMessages } from '../registry.ts';

/** The page of a payment link that cannot be paid (a bad or refused URL order): loaded with that page. */
const en = {
  'checkout.config.title': 'This checkout link is not valid',
  'checkout.config.body': 'Ask the store for a new payment link. What is wrong:',
  'checkout.config.param': 'the “{name}” parameter',
  'checkout.config.missing': 'No order was given. Open the checkout from the store’s payment link.',
  'checkout.config.sessionOnly':
    'This checkout opens only from a shop’s payment link. Ask the shop for a new link.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'checkout.config.title': 'Este link de pagamento não é válido',
  'checkout.config.body': 'Peça à loja um novo link de pagamento. O que está errado:',
  'checkout.config.param': 'o parâmetro “{name}”',
  'checkout.config.missing': 'Nenhum pedido foi informado. Abra o pagamento pelo link da loja.',
  'checkout.config.sessionOnly':
    'Este pagamento só abre pelo link de pagamento de uma loja. Peça um novo link à loja.',
};

export const orderErrorMessages = { en, 'pt-BR': ptBR };
registerMessages(orderErrorMessages);
