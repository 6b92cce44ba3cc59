import { registerMessages } from '../registry.ts';

/** What the CEP field says after a lookup: registered by the lookup's own chunk (src/shopper/cep-fill.ts). */
const en = {
  'address.cepFilled': 'Address filled in from the CEP: check it and add the number.',
  'address.cepUnknown': 'We could not find this CEP: type the address below.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'address.cepFilled': 'Endereço preenchido pelo CEP: confira e informe o número.',
  'address.cepUnknown': 'Não encontramos este CEP: preencha o endereço abaixo.',
};

export const cepLookupMessages = { en, 'pt-BR': ptBR };
registerMessages(cepLookupMessages);
