import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../shared/console-i18n.tsx';

/**
 * The words of the Customers and Developers pages and of the payment's installment schedule, both languages
 * (a missing one is a compile error). Beside console-messages.ts rather than in it: these pages load as their
 * own chunks, and so do their words.
 */
const ptBR = {
  customersTitle: 'Clientes',
  customerSearch: 'Buscar cliente',
  customerSearchHint: 'E-mail, CPF/CNPJ ou o id do cliente na sua loja',
  searchButton: 'Buscar',
  clearSearch: 'Limpar',
  noCustomers: 'Nenhum cliente encontrado.',
  noCustomersYet:
    'Nenhum cliente ainda. Um cliente aparece aqui quando uma sessão de checkout traz customer.external_id.',
  colCustomer: 'Cliente',
  colDocument: 'CPF/CNPJ',
  colCheckouts: 'Checkouts',
  colLastSeen: 'Último checkout',
  customersCaption: 'Clientes encontrados',
  erasedBadge: 'Dados apagados',
  unnamed: 'Sem nome',
  backToCustomers: 'Voltar aos clientes',
  customerTitle: (name: string) => `Cliente ${name}`,
  customerNotFound: 'Nenhum cliente com esse id.',
  customerFacts: 'Dados do cliente',
  customerId: 'Id na loja',
  email: 'E-mail',
  firstSeen: 'Primeiro checkout',
  lastSeen: 'Último checkout',
  customerPayments: 'Pagamentos',
  noCustomerPayments: 'Nenhum pagamento deste cliente.',
  morePayments: 'Mostrando os 50 mais recentes. Busque pelo e-mail na página Pagamentos para ver todos.',
  colDate: 'Data',
  colReference: 'Pedido',
  colMethod: 'Forma',
  colStatus: 'Status',
  colAmount: 'Valor',
  savedCards: 'Cartões salvos',
  noSavedCards: 'Nenhum cartão salvo.',
  cardLabel: (brand: string, last: string) => `${brand} final ${last}`,
  cardSaved: (date: string) => `salvo em ${date}`,
  removeCard: 'Remover',
  removeCardNamed: (card: string) => `Remover ${card}`,
  removeCardTitle: 'Remover cartão salvo?',
  removeCardBody: (card: string) =>
    `O cartão ${card} deixa de aparecer para o cliente no checkout. Pagamentos já feitos com ele não mudam.`,
  cardRemoved: 'Cartão removido.',
  eraseTitle: 'Apagar dados do cliente (LGPD)',
  eraseBody:
    'Remove os cartões salvos e apaga nome, e-mail, CPF/CNPJ, telefone e endereços das sessões e dos pagamentos deste cliente. Não pode ser desfeito.',
  eraseKept:
    'Ficam, para a contabilidade: valores, status, datas, histórico, capturas e reembolsos de cada pagamento, e o id do cliente na sua loja. A sua loja recebe o evento customer.erased.',
  eraseButton: 'Apagar cliente',
  eraseDialogTitle: 'Apagar este cliente?',
  eraseConfirmLabel: (email: string) => `Para confirmar, digite o e-mail do cliente: ${email}`,
  eraseConfirmMismatch: 'O texto não confere com o e-mail do cliente.',
  eraseConfirm: 'Apagar definitivamente',
  erased: (payments: number, cards: number) =>
    `Dados apagados: ${payments} pagamento(s) anonimizado(s), ${cards} cartão(ões) removido(s).`,
  alreadyErased: 'Os dados deste cliente já tinham sido apagados.',
  erasedNotice: 'Os dados pessoais deste cliente foram apagados. Valores e status dos pagamentos continuam.',
  reasonRole: 'Seu papel não permite isso.',
  reasonOwnerOnly: 'Só um proprietário pode apagar um cliente.',
  reasonErased: 'Os dados já foram apagados.',
  cancel: 'Cancelar',
  working: 'Enviando…',
  close: 'Fechar',
  developersTitle: 'Desenvolvedores',
  environmentNote:
    'A chave secreta e o webhook configurados no servidor (CHECKOUT_SECRET_KEY, MERCHANT_WEBHOOK_URL) continuam funcionando ao lado do que você criar aqui.',
  ownerOnly: 'Só um proprietário altera estas configurações. Você pode ver.',
  webhooksTitle: 'Endpoints de webhook',
  webhooksIntro:
    'Cada endereço recebe os eventos que assinar, assinados com o próprio segredo (cabeçalho Checkout-Signature).',
  noEndpoints: 'Nenhum endpoint criado.',
  addEndpoint: 'Adicionar endpoint',
  editEndpoint: 'Editar endpoint',
  endpointUrl: 'URL',
  endpointUrlHint: 'https:// num endereço público (http só para localhost, em desenvolvimento)',
  endpointUrlInvalid: 'Digite uma URL https completa, sem usuário e senha.',
  endpointUrlNotPublic:
    'Esta URL leva a um endereço que não é público (loopback, rede privada, link-local ou reservado). Use o endereço https público do seu serviço.',
  endpointDescription: 'Descrição (opcional)',
  endpointEvents: 'Eventos',
  allEvents: 'Todos os eventos (inclusive os futuros)',
  eventsRequired: 'Escolha pelo menos um evento.',
  save: 'Salvar',
  create: 'Criar',
  edit: 'Editar',
  disable: 'Desativar',
  enable: 'Ativar',
  delete: 'Excluir',
  enabled: 'Ativo',
  disabled: 'Desativado',
  environmentEndpoint: 'Configurado no servidor',
  environmentEndpointHint:
    'Altere MERCHANT_WEBHOOK_URL e MERCHANT_WEBHOOK_SECRET nas configurações do servidor.',
  secretHint: 'Segredo',
  previousSecretUntil: (date: string) => `O segredo anterior ainda assina até ${date}.`,
  madeWithKey: (name: string, prefix: string) => `Criado com a chave de API “${name}” (${prefix})`,
  madeWithRevokedKey: (name: string, prefix: string) =>
    `Criado com a chave de API “${name}” (${prefix}), já revogada: confira se este endpoint ainda é seu.`,
  rollSecret: 'Trocar segredo',
  rollTitle: 'Trocar o segredo de assinatura?',
  rollBody:
    'Um novo segredo passa a assinar agora. Durante a sobreposição, cada entrega leva as duas assinaturas, para você atualizar o seu servidor sem recusar nenhuma.',
  rollOverlap: 'Sobreposição',
  overlapNone: 'Nenhuma (o segredo atual para agora)',
  overlapHour: '1 hora',
  overlapDay: '24 horas',
  overlapWeek: '7 dias',
  rollConfirm: 'Trocar segredo',
  deleteEndpointTitle: 'Excluir este endpoint?',
  deleteEndpointBody: (url: string) => `${url} deixa de receber eventos. Isso não pode ser desfeito.`,
  endpointSaved: 'Endpoint salvo.',
  endpointDeleted: 'Endpoint excluído.',
  secretOnceTitle: 'Novo segredo de assinatura',
  keyOnceTitle: 'Nova chave de API',
  shownOnce: 'Copie agora: ele não será mostrado de novo.',
  copy: 'Copiar',
  copied: 'Copiado.',
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie.',
  savedIt: 'Já guardei',
  apiKeysTitle: 'Chaves de API extras',
  apiKeysIntro:
    'Uma chave por serviço da loja: se uma vazar, revogue só ela. Guardamos apenas o hash; a chave aparece uma vez.',
  noKeys: 'Nenhuma chave extra.',
  keyName: 'Nome da chave',
  keyNameHint: 'Por exemplo, ERP ou Loja virtual',
  keyNameRequired: 'Dê um nome à chave (até 80 caracteres).',
  createKey: 'Criar chave',
  colName: 'Nome',
  colPrefix: 'Início',
  colCreated: 'Criada',
  colLastUsed: 'Último uso',
  colState: 'Situação',
  never: 'Nunca',
  active: 'Ativa',
  revokedOn: (date: string) => `Revogada em ${date}`,
  revoke: 'Revogar',
  revokeNamed: (name: string) => `Revogar ${name}`,
  revokeTitle: 'Revogar esta chave?',
  revokeBody: (name: string) =>
    `Pedidos com a chave “${name}” passam a ser recusados agora. Isso não pode ser desfeito.`,
  keyRevoked: 'Chave revogada.',
  revokeEndpoints: (count: number) =>
    count === 1
      ? 'Um endpoint de webhook foi criado com esta chave. A revogação o deixa como está (se ativo, continua recebendo eventos): ele é configuração da loja, não da chave.'
      : `${count} endpoints de webhook foram criados com esta chave. A revogação os deixa como estão (os ativos continuam recebendo eventos): são configuração da loja, não da chave.`,
  revokeDisableEndpoints:
    'Desativar também esses endpoints (se a chave vazou, quem a usou pode tê-los criado)',
  keyRevokedEndpointsKept: (count: number) =>
    count === 1
      ? 'Chave revogada. O endpoint criado com ela continua ativo.'
      : `Chave revogada. Os ${count} endpoints criados com ela continuam ativos.`,
  keyRevokedEndpointsDisabled: (count: number) =>
    count === 1
      ? 'Chave revogada e o endpoint criado com ela desativado.'
      : `Chave revogada e os ${count} endpoints criados com ela desativados.`,
  keysCaption: 'Chaves de API extras',
  scheduleTitle: 'Parcelas no gateway',
  scheduleLoading: 'Carregando as parcelas…',
  scheduleError: 'As parcelas não puderam ser lidas agora.',
  scheduleCaption: 'Parcelas e quando o dinheiro chega',
  colInstallment: 'Parcela',
  colDue: 'Previsão',
  colNet: 'Líquido',
  retry: 'Tentar de novo',
} as const;

type Messages = {
  [K in keyof typeof ptBR]: (typeof ptBR)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

const en: Messages = {
  customersTitle: 'Customers',
  customerSearch: 'Find a customer',
  customerSearchHint: 'E-mail, CPF/CNPJ or the customer’s id in your shop',
  searchButton: 'Search',
  clearSearch: 'Clear',
  noCustomers: 'No customer found.',
  noCustomersYet:
    'No customers yet. A customer appears here once a checkout session carries customer.external_id.',
  colCustomer: 'Customer',
  colDocument: 'CPF/CNPJ',
  colCheckouts: 'Checkouts',
  colLastSeen: 'Last checkout',
  customersCaption: 'Customers found',
  erasedBadge: 'Data erased',
  unnamed: 'No name',
  backToCustomers: 'Back to customers',
  customerTitle: (name: string) => `Customer ${name}`,
  customerNotFound: 'No customer has this id.',
  customerFacts: 'Customer details',
  customerId: 'Id in your shop',
  email: 'E-mail',
  firstSeen: 'First checkout',
  lastSeen: 'Last checkout',
  customerPayments: 'Payments',
  noCustomerPayments: 'No payments from this customer.',
  morePayments: 'Showing the newest 50. Search for the e-mail on the Payments page to see them all.',
  colDate: 'Date',
  colReference: 'Order',
  colMethod: 'Method',
  colStatus: 'Status',
  colAmount: 'Amount',
  savedCards: 'Saved cards',
  noSavedCards: 'No saved cards.',
  cardLabel: (brand: string, last: string) => `${brand} ending ${last}`,
  cardSaved: (date: string) => `saved on ${date}`,
  removeCard: 'Remove',
  removeCardNamed: (card: string) => `Remove ${card}`,
  removeCardTitle: 'Remove saved card?',
  removeCardBody: (card: string) =>
    `The card ${card} is no longer offered to the customer at checkout. Payments already made with it do not change.`,
  cardRemoved: 'Card removed.',
  eraseTitle: 'Erase customer data (LGPD)',
  eraseBody:
    'Removes the saved cards and erases the name, e-mail, CPF/CNPJ, phone and addresses from this customer’s sessions and payments. This cannot be undone.',
  eraseKept:
    'Kept for accounting: each payment’s amounts, status, dates, history, captures and refunds, and the customer’s id in your shop. Your shop receives the customer.erased event.',
  eraseButton: 'Erase customer',
  eraseDialogTitle: 'Erase this customer?',
  eraseConfirmLabel: (email: string) => `To confirm, type the customer’s e-mail: ${email}`,
  eraseConfirmMismatch: 'This does not match the customer’s e-mail.',
  eraseConfirm: 'Erase for good',
  erased: (payments: number, cards: number) =>
    `Data erased: ${payments} payment(s) anonymised, ${cards} card(s) removed.`,
  alreadyErased: 'This customer’s data had already been erased.',
  erasedNotice: 'This customer’s personal data was erased. Payment amounts and statuses remain.',
  reasonRole: 'Your role does not allow this.',
  reasonOwnerOnly: 'Only an owner can erase a customer.',
  reasonErased: 'The data was already erased.',
  cancel: 'Cancel',
  working: 'Sending…',
  close: 'Close',
  developersTitle: 'Developers',
  environmentNote:
    'The secret key and webhook set on the server (CHECKOUT_SECRET_KEY, MERCHANT_WEBHOOK_URL) keep working beside what you create here.',
  ownerOnly: 'Only an owner changes these settings. You can view them.',
  webhooksTitle: 'Webhook endpoints',
  webhooksIntro:
    'Each URL receives the events it subscribes to, signed with its own secret (Checkout-Signature header).',
  noEndpoints: 'No endpoints created.',
  addEndpoint: 'Add endpoint',
  editEndpoint: 'Edit endpoint',
  endpointUrl: 'URL',
  endpointUrlHint: 'https:// at a public address (http only for localhost, in development)',
  endpointUrlInvalid: 'Type a full https URL, without user name or password.',
  endpointUrlNotPublic:
    'This URL leads to an address that is not public (loopback, private network, link-local or reserved). Use your service’s public https address.',
  endpointDescription: 'Description (optional)',
  endpointEvents: 'Events',
  allEvents: 'All events (future ones too)',
  eventsRequired: 'Choose at least one event.',
  save: 'Save',
  create: 'Create',
  edit: 'Edit',
  disable: 'Disable',
  enable: 'Enable',
  delete: 'Delete',
  enabled: 'Enabled',
  disabled: 'Disabled',
  environmentEndpoint: 'Set on the server',
  environmentEndpointHint:
    'Change MERCHANT_WEBHOOK_URL and MERCHANT_WEBHOOK_SECRET in the server’s settings.',
  secretHint: 'Secret',
  previousSecretUntil: (date: string) => `The previous secret still signs until ${date}.`,
  madeWithKey: (name: string, prefix: string) => `Made with the API key “${name}” (${prefix})`,
  madeWithRevokedKey: (name: string, prefix: string) =>
    `Made with the API key “${name}” (${prefix}), since revoked: check that this endpoint is still yours.`,
  rollSecret: 'Roll secret',
  rollTitle: 'Roll the signing secret?',
  rollBody:
    'A new secret signs from now on. During the overlap each delivery carries both signatures, so you can update your server without refusing any.',
  rollOverlap: 'Overlap',
  overlapNone: 'None (the current secret stops now)',
  overlapHour: '1 hour',
  overlapDay: '24 hours',
  overlapWeek: '7 days',
  rollConfirm: 'Roll secret',
  deleteEndpointTitle: 'Delete this endpoint?',
  deleteEndpointBody: (url: string) => `${url} stops receiving events. This cannot be undone.`,
  endpointSaved: 'Endpoint saved.',
  endpointDeleted: 'Endpoint deleted.',
  secretOnceTitle: 'New signing secret',
  keyOnceTitle: 'New API key',
  shownOnce: 'Copy it now: it will not be shown again.',
  copy: 'Copy',
  copied: 'Copied.',
  copyFailed: 'Could not copy. Select the text and copy it.',
  savedIt: 'I have saved it',
  apiKeysTitle: 'Extra API keys',
  apiKeysIntro:
    'One key per service of your shop: if one leaks, revoke only that one. We keep only its hash; the key is shown once.',
  noKeys: 'No extra keys.',
  keyName: 'Key name',
  keyNameHint: 'For example, ERP or Web shop',
  keyNameRequired: 'Name the key (up to 80 characters).',
  createKey: 'Create key',
  colName: 'Name',
  colPrefix: 'Starts with',
  colCreated: 'Created',
  colLastUsed: 'Last used',
  colState: 'State',
  never: 'Never',
  active: 'Active',
  revokedOn: (date: string) => `Revoked on ${date}`,
  revoke: 'Revoke',
  revokeNamed: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke this key?',
  revokeBody: (name: string) =>
    `Requests with the key “${name}” are refused from now on. This cannot be undone.`,
  keyRevoked: 'Key revoked.',
  revokeEndpoints: (count: number) =>
    count === 1
      ? 'One webhook endpoint was made with this key. Revoking leaves it as it is (enabled, it keeps receiving events): it is the shop’s configuration, not the key’s.'
      : `${count} webhook endpoints were made with this key. Revoking leaves them as they are (enabled ones keep receiving events): they are the shop’s configuration, not the key’s.`,
  revokeDisableEndpoints:
    'Disable these endpoints too (if the key leaked, whoever used it may have made them)',
  keyRevokedEndpointsKept: (count: number) =>
    count === 1
      ? 'Key revoked. The endpoint made with it stays enabled.'
      : `Key revoked. The ${count} endpoints made with it stay enabled.`,
  keyRevokedEndpointsDisabled: (count: number) =>
    count === 1
      ? 'Key revoked and the endpoint made with it disabled.'
      : `Key revoked and the ${count} endpoints made with it disabled.`,
  keysCaption: 'Extra API keys',
  scheduleTitle: 'Installments at the gateway',
  scheduleLoading: 'Loading the installments…',
  scheduleError: 'The installments could not be read now.',
  scheduleCaption: 'Installments and when the money arrives',
  colInstallment: 'Installment',
  colDue: 'Expected',
  colNet: 'Net',
  retry: 'Try again',
};

export type CustomersDevelopersMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** These pages' words in the console's language. */
export function useCdMessages(): { m: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { m: MESSAGES[locale], locale };
}
