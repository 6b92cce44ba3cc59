import { registerMessages } from '../registry.ts';

/** Checkout sessions (`/pay/{id}`): the screens other than the checkout itself, loaded lazily. */
const en = {
  'session.loading': 'Loading your order…',
  'session.expired.title': 'This payment link has expired',
  'session.expired.body': 'Ask the shop for a new one.',
  'session.invalid.title': 'This payment link is not valid',
  'session.invalid.body':
    'Check that you opened the whole link the shop sent you, or ask the shop for a new one.',
  'session.paid.title': 'This order has already been paid',
  'session.paid.body': 'There is nothing more to pay here.',
  'session.saved.title': 'This card has already been saved',
  'session.saved.body': 'There is nothing more to do here.',
  'session.loadError.title': 'We could not load your order',
  'session.loadError.body': 'Check your connection and try again. Nothing was charged.',
  'session.loadError.retry': 'Try again',
  'session.checking.title': 'Checking your payment',
  'session.checking.body': 'We are asking the payment service whether your payment went through.',
  'session.unknown.title': 'We could not confirm your payment yet',
  'session.unknown.check': 'Check again',
  'session.unknown.stillUnknown': 'Still no answer from the payment service. Try again in a moment.',
  'session.retryNotice':
    'Your last payment attempt did not go through, and nothing was charged. You can pay now.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'session.loading': 'Carregando seu pedido…',
  'session.expired.title': 'Este link de pagamento expirou',
  'session.expired.body': 'Peça um novo à loja.',
  'session.invalid.title': 'Este link de pagamento não é válido',
  'session.invalid.body': 'Confira se você abriu o link completo que a loja enviou, ou peça um novo à loja.',
  'session.paid.title': 'Este pedido já foi pago',
  'session.paid.body': 'Não há mais nada a pagar aqui.',
  'session.saved.title': 'Este cartão já foi salvo',
  'session.saved.body': 'Não há mais nada a fazer aqui.',
  'session.loadError.title': 'Não conseguimos carregar seu pedido',
  'session.loadError.body': 'Confira sua conexão e tente de novo. Nada foi cobrado.',
  'session.loadError.retry': 'Tentar de novo',
  'session.checking.title': 'Verificando seu pagamento',
  'session.checking.body': 'Estamos perguntando ao serviço de pagamento se o seu pagamento foi feito.',
  'session.unknown.title': 'Ainda não conseguimos confirmar seu pagamento',
  'session.unknown.check': 'Verificar novamente',
  'session.unknown.stillUnknown': 'O serviço de pagamento ainda não respondeu. Tente de novo em instantes.',
  'session.retryNotice':
    'Sua última tentativa de pagamento não foi concluída e nada foi cobrado. Você pode pagar agora.',
};

export const sessionMessages = { en, 'pt-BR': ptBR };

// Loaded with its screens' lazy chunk: registering on import makes its words available there.
registerMessages(sessionMessages);
