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
  'session.link.usedUp.title': 'This payment link has just been used up',
  'session.link.usedUp.body':
    'Someone else made its last payment while you were here. Nothing was charged to you.',
  'session.link.inactive.title': 'This payment link has been turned off',
  'session.link.inactive.body': 'The shop turned it off while you were here. Nothing was charged to you.',
  'session.link.expired.title': 'This payment link has expired',
  'session.link.expired.body': 'It expired while you were here. Nothing was charged to you.',
  'session.link.back': 'Back to the payment link',
  'session.link.held.title': 'Someone else is paying for this link right now',
  'session.link.held.body':
    'Its last payment is held by their payment. Nothing was charged to you. If theirs does not go through, you can pay in a few minutes.',
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
  'session.link.usedUp.title': 'Este link de pagamento acabou de ser usado',
  'session.link.usedUp.body':
    'Outra pessoa fez o último pagamento dele enquanto você estava aqui. Nada foi cobrado de você.',
  'session.link.inactive.title': 'Este link de pagamento foi desativado',
  'session.link.inactive.body': 'A loja o desativou enquanto você estava aqui. Nada foi cobrado de você.',
  'session.link.expired.title': 'Este link de pagamento expirou',
  'session.link.expired.body': 'Ele expirou enquanto você estava aqui. Nada foi cobrado de você.',
  'session.link.back': 'Voltar ao link de pagamento',
  'session.link.held.title': 'Outra pessoa está pagando por este link agora',
  'session.link.held.body':
    'O último pagamento dele está reservado pelo pagamento dela. Nada foi cobrado de você. Se o dela não for concluído, você poderá pagar em alguns minutos.',
};

export const sessionMessages = { en, 'pt-BR': ptBR };

// Loaded with its screens' lazy chunk: registering on import makes its words available there.
registerMessages(sessionMessages);
