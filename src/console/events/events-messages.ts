import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

const pick = (words: Record<string, string>, key: string): string => words[key] ?? key;

/**
 * The words of the console's Events page, in both languages (the type makes a missing one a compile error).
 * Apart from console-messages.ts so that each resource's words load with it.
 */
const ptBR = {
  statusFilter: 'Status',
  anyStatus: 'Todos',
  colStatus: 'Status',
  colActions: 'Ações',
  eventsTitle: 'Eventos',
  eventsIntro:
    'Cada evento que a loja recebe por webhook, em cada endereço: entregue, pendente, tentando de novo ou falhou.',
  endpointsTitle: 'Endereços de webhook',
  endpointsReadOnly: 'Para adicionar ou mudar endereços, use a página Desenvolvedores.',
  noEndpoints: 'Nenhum endereço de webhook configurado: os eventos não são enviados a ninguém.',
  environmentEndpoint: 'Configuração do servidor (MERCHANT_WEBHOOK_URL)',
  endpointTypes: 'Eventos',
  endpointDescription: 'Descrição',
  allTypes: 'Todos',
  endpointEnabled: 'Ativo',
  endpointDisabled: 'Desativado',
  secretHint: 'Segredo',
  sendTest: 'Enviar evento de teste',
  sendTestTo: (url: string) => `Enviar evento de teste para ${url}`,
  sending: 'Enviando…',
  testOk: (code: number | null, ms: number) => `Teste entregue: HTTP ${code ?? '—'} em ${ms} ms.`,
  testNotDelivered: (code: number | null) =>
    code === null
      ? 'O teste não foi entregue: sem resposta HTTP.'
      : `O teste não foi entregue: HTTP ${code}.`,
  testNotPublic:
    'Nada foi enviado: a URL deste endereço leva a um endereço que não é público. Mude-a na página Desenvolvedores.',
  testRateLimited: 'Muitos eventos de teste. Aguarde um pouco e tente de novo.',
  lastError: (error: string) =>
    pick({ 'address not allowed': 'endereço não permitido', 'no answer': 'sem resposta HTTP' }, error),
  deliveriesTitle: 'Entregas',
  deliveryStatus: (status: string) =>
    pick(
      {
        pending: 'Pendente',
        retrying: 'Tentando de novo',
        delivered: 'Entregue',
        failed: 'Falhou',
      },
      status,
    ),
  resendAllFailed: 'Reenviar todos que falharam',
  resendAllFailedDone: (n: number) =>
    n === 0 ? 'Nenhuma entrega falhou.' : n === 1 ? '1 entrega reenviada.' : `${n} entregas reenviadas.`,
  resend: 'Reenviar',
  resendOf: (type: string, url: string) => `Reenviar ${type} para ${url}`,
  resent: (type: string) => `${type} reenviado. Acompanhe o status abaixo.`,
  colTime: 'Quando',
  colEvent: 'Evento',
  colPayment: 'Pagamento',
  colEndpoint: 'Endereço',
  colAttempts: 'Tentativas',
  colLastError: 'Último erro',
  nextTry: (when: string) => `Próxima tentativa: ${when}`,
  noDeliveries: 'Nenhuma entrega ainda.',
  noDeliveriesFiltered: 'Nenhuma entrega com esse status.',
  errorNetwork: 'Sem conexão com o servidor. Verifique a rede e tente de novo.',
  next: 'Próxima página',
  previous: 'Página anterior',
  pageOf: (n: number) => `Página ${n}`,
};

type Messages = {
  [K in keyof typeof ptBR]: (typeof ptBR)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

const en: Messages = {
  statusFilter: 'Status',
  anyStatus: 'Any',
  colStatus: 'Status',
  colActions: 'Actions',
  eventsTitle: 'Events',
  eventsIntro:
    'Every event the shop receives by webhook, at each address: delivered, pending, retrying or failed.',
  endpointsTitle: 'Webhook addresses',
  endpointsReadOnly: 'To add or change addresses, use the Developers page.',
  noEndpoints: 'No webhook address is set up: events are sent to nobody.',
  environmentEndpoint: 'Server settings (MERCHANT_WEBHOOK_URL)',
  endpointTypes: 'Events',
  endpointDescription: 'Description',
  allTypes: 'All',
  endpointEnabled: 'Enabled',
  endpointDisabled: 'Disabled',
  secretHint: 'Secret',
  sendTest: 'Send a test event',
  sendTestTo: (url: string) => `Send a test event to ${url}`,
  sending: 'Sending…',
  testOk: (code: number | null, ms: number) => `Test delivered: HTTP ${code ?? '—'} in ${ms} ms.`,
  testNotDelivered: (code: number | null) =>
    code === null
      ? 'The test was not delivered: no HTTP answer.'
      : `The test was not delivered: HTTP ${code}.`,
  testNotPublic:
    'Nothing was sent: this address’s URL leads to an address that is not public. Change it on the Developers page.',
  testRateLimited: 'Too many test events. Wait a moment and try again.',
  lastError: (error: string) =>
    pick({ 'address not allowed': 'address not allowed', 'no answer': 'no HTTP answer' }, error),
  deliveriesTitle: 'Deliveries',
  deliveryStatus: (status: string) =>
    pick(
      {
        pending: 'Pending',
        retrying: 'Retrying',
        delivered: 'Delivered',
        failed: 'Failed',
      },
      status,
    ),
  resendAllFailed: 'Resend all failed',
  resendAllFailedDone: (n: number) =>
    n === 0 ? 'No delivery had failed.' : n === 1 ? '1 delivery sent again.' : `${n} deliveries sent again.`,
  resend: 'Resend',
  resendOf: (type: string, url: string) => `Resend ${type} to ${url}`,
  resent: (type: string) => `${type} sent again. Follow its status below.`,
  colTime: 'When',
  colEvent: 'Event',
  colPayment: 'Payment',
  colEndpoint: 'Address',
  colAttempts: 'Attempts',
  colLastError: 'Last error',
  nextTry: (when: string) => `Next try: ${when}`,
  noDeliveries: 'No deliveries yet.',
  noDeliveriesFiltered: 'No delivery has this status.',
  errorNetwork: 'The server cannot be reached. Check the network and try again.',
  next: 'Next page',
  previous: 'Previous page',
  pageOf: (n: number) => `Page ${n}`,
};

export type EventsMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** The Events page's words in the console's current language. */
export function useEventsWords(): { w: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { w: MESSAGES[locale], locale };
}
