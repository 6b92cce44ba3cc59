const en = {
  'customer.legend': 'Your details',
  'customer.name': 'Full name',
  'customer.email': 'Email',
  'customer.taxId': 'CPF or CNPJ',
  'customer.taxIdHint': 'Brazilian taxpayer number',
  'customer.phone': 'Mobile phone',
  'customer.phoneHint': 'With area code, e.g. (11) 98765-4321',
  'customer.payingAs': 'Paying as {name}',
  'customer.change': 'change',
  'customer.taxIdLetters': 'CNPJ with letters?',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'customer.legend': 'Seus dados',
  'customer.name': 'Nome completo',
  'customer.email': 'E-mail',
  'customer.taxId': 'CPF ou CNPJ',
  'customer.taxIdHint': 'Número do documento',
  'customer.phone': 'Celular',
  'customer.phoneHint': 'Com DDD, ex.: (11) 98765-4321',
  'customer.payingAs': 'Pagando como {name}',
  'customer.change': 'alterar',
  'customer.taxIdLetters': 'CNPJ com letras?',
};

export const customerMessages = { en, 'pt-BR': ptBR };
