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
};

export const commonMessages = { en, 'pt-BR': ptBR };
