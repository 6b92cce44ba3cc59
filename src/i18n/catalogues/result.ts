import { registerMessages } from '../registry.ts';

/** Result screens (card result, 3DS return and pending, PIX reference): loaded with those screens. */
const en = {
  'result.approved.title': 'Payment approved',
  'result.approved.body': 'Your payment of {amount} was approved.',
  'result.approved.installments': '{count}x on {brand} ending in {last4}',
  'result.declined.title': 'Payment declined',
  'result.declined.body':
    'Your bank did not approve this payment. No money was taken. Try another card or payment method.',
  'result.declined.retry': 'Try another card',
  'result.canceled.retry': 'Try again',
  'result.canceled.title': 'Payment cancelled',
  'result.canceled.body':
    'You cancelled the confirmation at your bank, so nothing was charged. Your details are kept: enter the card again to pay.',
  'result.pending.title': 'Payment in progress',
  'result.pending.body':
    'Your bank is still confirming the payment. This page updates by itself; please keep it open.',
  'result.pending.checking': 'Checking the payment status…',
  'result.pending.error': 'We could not check the status just now; we will keep trying.',
  'result.refunded.title': 'Payment refunded',
  'result.refunded.body': 'This payment was refunded.',
  'result.stopped.title': 'Payment still being processed',
  'result.stopped.body':
    'Your bank has not finished processing this payment yet. The store will confirm it to you once it does, so you do not need to keep this page open. Please do not pay again.',
  'result.reference': 'Reference {reference}',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'result.approved.title': 'Pagamento aprovado',
  'result.approved.body': 'Seu pagamento de {amount} foi aprovado.',
  'result.approved.installments': '{count}x no {brand} final {last4}',
  'result.declined.title': 'Pagamento recusado',
  'result.declined.body':
    'Seu banco não aprovou este pagamento. Nenhum valor foi cobrado. Tente outro cartão ou outra forma de pagamento.',
  'result.declined.retry': 'Tentar outro cartão',
  'result.canceled.retry': 'Tentar de novo',
  'result.canceled.title': 'Pagamento cancelado',
  'result.canceled.body':
    'Você cancelou a confirmação no seu banco, então nada foi cobrado. Seus dados foram mantidos: informe o cartão de novo para pagar.',
  'result.pending.title': 'Pagamento em processamento',
  'result.pending.body':
    'Seu banco ainda está confirmando o pagamento. Esta página se atualiza sozinha; mantenha-a aberta.',
  'result.pending.checking': 'Verificando o status do pagamento…',
  'result.pending.error': 'Não conseguimos verificar o status agora; vamos continuar tentando.',
  'result.refunded.title': 'Pagamento estornado',
  'result.refunded.body': 'Este pagamento foi estornado.',
  'result.stopped.title': 'Pagamento ainda em processamento',
  'result.stopped.body':
    'Seu banco ainda não terminou de processar este pagamento. A loja vai confirmá-lo para você assim que isso acontecer, então não é preciso manter esta página aberta. Por favor, não pague de novo.',
  'result.reference': 'Referência {reference}',
};

export const resultMessages = { en, 'pt-BR': ptBR };

// Loaded with its screens' lazy chunk: registering on import makes its words available there.
registerMessages(resultMessages);
