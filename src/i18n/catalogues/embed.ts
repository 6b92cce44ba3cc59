import { registerMessages } from '../registry.ts';

const en = {
  'embed.loading': 'Loading the checkout…',
  'embed.refused.title': 'This checkout cannot be shown here',
  'embed.refused.notFramed':
    'This address shows the checkout inside a store’s own page. Go back to the store to pay.',
  'embed.refused.originNotAllowed':
    'This site is not allowed to show this checkout. Nothing was charged. Please pay on the store’s own site.',
  'embed.refused.badParams': 'The store’s page set up the checkout incorrectly. Nothing was charged.',
  'embed.invalidOrder':
    'The store sent an order we could not read. Nothing was charged. Please contact the store.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'embed.loading': 'Carregando o pagamento…',
  'embed.refused.title': 'Este pagamento não pode ser exibido aqui',
  'embed.refused.notFramed':
    'Este endereço mostra o pagamento dentro da página de uma loja. Volte à loja para pagar.',
  'embed.refused.originNotAllowed':
    'Este site não tem permissão para exibir este pagamento. Nada foi cobrado. Pague no site da própria loja.',
  'embed.refused.badParams': 'A página da loja configurou o pagamento de forma incorreta. Nada foi cobrado.',
  'embed.invalidOrder':
    'A loja enviou um pedido que não conseguimos ler. Nada foi cobrado. Entre em contato com a loja.',
};

export const embedMessages = { en, 'pt-BR': ptBR };

// Loaded with its screens' lazy chunk: registering on import makes its words available there.
registerMessages(embedMessages);
