import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

/**
 * The words of the Developers page (webhook endpoints, API keys), both languages (a missing one is a compile
 * error). Beside console-messages.ts rather than in it: the page loads as its own chunk, and so do its words.
 */
const ptBR = {
  cancel: 'Cancelar',
  working: 'Enviando…',
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
};

type Messages = {
  [K in keyof typeof ptBR]: (typeof ptBR)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

const en: Messages = {
  cancel: 'Cancel',
  working: 'Sending…',
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
};

export type DevelopersMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** The Developers page's words in the console's language. */
export function useDevelopersWords(): { m: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { m: MESSAGES[locale], locale };
}
