import { registerMessages } from '../registry.ts';

/** The page of an unknown address: loaded with it. */
const en = {
  'app.notFound.title': 'Page not found',
  'app.notFound.back': 'Back to the checkout',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'app.notFound.title': 'Página não encontrada',
  'app.notFound.back': 'Voltar ao pagamento',
};

export const notFoundMessages = { en, 'pt-BR': ptBR };
registerMessages(notFoundMessages);
