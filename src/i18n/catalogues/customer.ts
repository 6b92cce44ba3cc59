const en = {
  'customer.legend': 'Your details',
  'customer.name': 'Full name',
  'customer.email': 'Email',
  'customer.taxId': 'CPF or CNPJ',
  'customer.taxIdHint': 'Brazilian taxpayer number',
  'customer.phone': 'Mobile phone',
  'customer.phoneHint': 'With area code, e.g. (11) 98765-4321',
  'customer.error.nameRequired': 'Enter your full name.',
  'customer.error.emailRequired': 'Enter your email.',
  'customer.error.emailInvalid': 'Enter an email like name@example.com.',
  'customer.error.taxIdRequired': 'Enter your CPF or CNPJ.',
  'customer.error.taxIdInvalid': 'This CPF or CNPJ is not valid. Check the digits.',
  'customer.error.phoneRequired': 'Enter your phone number.',
  'customer.error.phoneInvalid': 'Enter the phone number with its area code.',
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
  'customer.error.nameRequired': 'Informe seu nome completo.',
  'customer.error.emailRequired': 'Informe seu e-mail.',
  'customer.error.emailInvalid': 'Informe um e-mail como nome@exemplo.com.',
  'customer.error.taxIdRequired': 'Informe seu CPF ou CNPJ.',
  'customer.error.taxIdInvalid': 'Este CPF ou CNPJ não é válido. Confira os dígitos.',
  'customer.error.phoneRequired': 'Informe seu telefone.',
  'customer.error.phoneInvalid': 'Informe o telefone com DDD.',
};

export const customerMessages = { en, 'pt-BR': ptBR };
