const en = {
  'app.title': 'Checkout',
  'app.skipToContent': 'Skip to content',
  'app.nav.checkout': 'Checkout',
  'app.nav.simulator': 'Fee simulator',
  // The simulator's title and intro paint before its lazy chunk arrives (its largest text, its LCP).
  'simulator.title': 'Fee simulator',
  'simulator.intro':
    'See what a card sale costs before you set prices: the fees, what you receive and when, and what anticipating it costs.',
  'app.language': 'Language',
  'app.secure': 'Secure payment',
  'app.loading': 'Loading…',
  'app.notFound.title': 'Page not found',
  'app.notFound.back': 'Back to the checkout',
  'error.network': 'We could not reach the payment service. Check your connection and try again.',
  'error.timeout': 'The payment service took too long to answer. Try again in a moment.',
  'error.integration': 'The payment service could not accept some details. Check the highlighted fields.',
  'error.unauthorized': 'This checkout is not authorised to take payments. Please contact the store.',
  'error.notFound': 'We could not find this payment.',
  'error.invalidResponse': 'The payment service sent an answer we could not read. Please try again.',
  'error.server': 'The payment service had a problem. Try again in a moment.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'app.title': 'Pagamento',
  'app.skipToContent': 'Pular para o conteúdo',
  'app.nav.checkout': 'Pagamento',
  'app.nav.simulator': 'Simulador de taxas',
  'simulator.title': 'Simulador de taxas',
  'simulator.intro':
    'Veja quanto custa uma venda no cartão antes de definir preços: as taxas, quanto e quando você recebe, e o custo de antecipar.',
  'app.language': 'Idioma',
  'app.secure': 'Pagamento seguro',
  'app.loading': 'Carregando…',
  'app.notFound.title': 'Página não encontrada',
  'app.notFound.back': 'Voltar ao pagamento',
  'error.network': 'Não conseguimos falar com o serviço de pagamento. Verifique sua conexão e tente de novo.',
  'error.timeout': 'O serviço de pagamento demorou demais para responder. Tente de novo em instantes.',
  'error.integration': 'O serviço de pagamento não aceitou alguns dados. Confira os campos destacados.',
  'error.unauthorized': 'Este checkout não está autorizado a receber pagamentos. Fale com a loja.',
  'error.notFound': 'Não encontramos este pagamento.',
  'error.invalidResponse':
    'O serviço de pagamento enviou uma resposta que não conseguimos ler. Tente de novo.',
  'error.server': 'O serviço de pagamento teve um problema. Tente de novo em instantes.',
};

export const commonMessages = { en, 'pt-BR': ptBR };
