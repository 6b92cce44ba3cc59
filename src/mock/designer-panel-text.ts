import type { CardScenario, HolderNameScenario } from '../../mock-core/scenarios.ts';
import type { Locale } from '../i18n/locale.ts';

/**
 * The panel's words in the page's language. They live here, not in src/i18n, so the production
 * catalogues (and bundle) carry nothing of the mock; typed per locale, so a missing one fails the type check.
 */
const EN = {
  label: 'Mock gateway',
  summary: 'Mock gateway · test cards and scenarios',
  scenarios: 'Open a state (demo data, nothing to type):',
  simulator: 'The merchants’ fee simulator',
  fill: 'Fill test data',
  filled: 'Filled with test data.',
  noForm: 'No payment form on screen.',
  hide: 'Hide panel',
  hideHint: 'Reload to bring it back; ?panel=off opens pages without it.',
  cardsIntro: 'Any name, a future expiry and any CVV work. The card number picks the outcome:',
  card: 'Card',
  outcome: 'Outcome',
  copy: 'Copy',
  copied: 'Copied',
  holderNames: 'Holder names that break the transport:',
  latency: 'Latency (ms)',
  pixValidity: 'PIX validity (minutes)',
  clockAhead: 'Device clock ahead of the gateway (minutes)',
  // Not the word "installments": the checkout's own Installments field beside it must stay the one so named.
  daysAhead: 'Gateway calendar moved forward (days): card payouts fall due on it',
  forget: 'Forget mock transactions',
  serverControls:
    'Webhooks (drop, delay, duplicate, reorder), paying PIX codes and moving time forward: the mock gateway’s controls',
  pixWaiting: 'PIX codes waiting for payment:',
  pixCode: 'Code',
  pixNone: 'None yet: choose PIX in the checkout and generate a code.',
  pixUntil: 'until',
  pixPay: 'Simulate payment',
  pixRefuse: 'Refuse',
  pixExpire: 'Expire now',
  pixNow: 'PIX #{id} is now {status}.',
  boletoScenarios: 'Boleto (issued by the checkout server):',
  boletoOpen: 'Boleto open',
  boletoPaid: 'Boleto paid',
  boletoExpired: 'Boleto expired',
  boletoWaiting: 'Open boletos:',
  boletoCode: 'Boleto',
  boletoNone: 'None open: choose Boleto in the checkout and generate one.',
  boletoDue: 'due',
  boletoPay: 'Pay at the bank',
  boletoExpire: 'Expire (due date over)',
  boletoNow: 'Boleto #{id} is now {status}. The checkout shows it on its next look (up to 20 s).',
  boletoFailed: 'The mock gateway did not answer: is npm start running?',
  boletoNeedsServer:
    'Boleto needs the checkout server (its adapter issues it): open the scenarios with npm start.',
} as const;
export type PanelText = Record<keyof typeof EN, string>;

const PT_BR: PanelText = {
  label: 'Gateway de teste',
  summary: 'Gateway de teste · cartões e cenários',
  scenarios: 'Abrir um estado (dados de exemplo, nada a digitar):',
  simulator: 'O simulador de taxas dos lojistas',
  fill: 'Preencher dados de teste',
  filled: 'Preenchido com dados de teste.',
  noForm: 'Nenhum formulário de pagamento na tela.',
  hide: 'Ocultar painel',
  serverControls:
    'Webhooks (descartar, atrasar, duplicar, inverter), pagar códigos PIX e avançar o tempo: controles do gateway simulado',
  hideHint: 'Recarregue para trazê-lo de volta; ?panel=off abre as páginas sem ele.',
  cardsIntro: 'Qualquer nome, validade futura e CVV funcionam. O número do cartão escolhe o resultado:',
  card: 'Cartão',
  outcome: 'Resultado',
  copy: 'Copiar',
  copied: 'Copiado',
  holderNames: 'Nomes no cartão que quebram a conexão:',
  latency: 'Latência (ms)',
  pixValidity: 'Validade do PIX (minutos)',
  clockAhead: 'Relógio do aparelho adiantado em relação ao gateway (minutos)',
  daysAhead: 'Calendário do gateway adiantado (dias): os repasses do cartão vencem nele',
  forget: 'Esquecer transações de teste',
  pixWaiting: 'Códigos PIX aguardando pagamento:',
  pixCode: 'Código',
  pixNone: 'Nenhum ainda: escolha PIX no checkout e gere um código.',
  pixUntil: 'até',
  pixPay: 'Simular pagamento',
  pixRefuse: 'Recusar',
  pixExpire: 'Expirar agora',
  pixNow: 'PIX nº {id} agora está {status}.',
  boletoScenarios: 'Boleto (emitido pelo servidor do checkout):',
  boletoOpen: 'Boleto em aberto',
  boletoPaid: 'Boleto pago',
  boletoExpired: 'Boleto vencido',
  boletoWaiting: 'Boletos em aberto:',
  boletoCode: 'Boleto',
  boletoNone: 'Nenhum em aberto: escolha Boleto no checkout e gere um.',
  boletoDue: 'vence',
  boletoPay: 'Pagar no banco',
  boletoExpire: 'Vencer (prazo encerrado)',
  boletoNow: 'Boleto nº {id} agora está {status}. O checkout mostra isso na próxima consulta (até 20 s).',
  boletoFailed: 'O gateway simulado não respondeu: o npm start está rodando?',
  boletoNeedsServer:
    'Boleto precisa do servidor do checkout (o adaptador o emite): abra os cenários com npm start.',
};

export const PANEL_TEXT: Record<Locale, PanelText> = { en: EN, 'pt-BR': PT_BR };

/** Outcomes of the test cards (mock-core/scenarios.ts keeps the English the docs show). */
export const CARD_OUTCOME_PT: Record<CardScenario, string> = {
  approve: 'Aprovado (pago)',
  refuse: 'Recusado pelo emissor',
  'cvv-error': 'Erro 400 de integração em card_cvv',
  processing: 'Processando por alguns segundos, depois pago',
  'processing-stuck': 'Fica processando: o checkout para de consultar após 5 minutos',
  'challenge-fail': '3DS: o desafio do banco falha (recusado); pago sem 3DS',
  frictionless: '3DS: sem atrito, o banco aprova sem código; pago sem 3DS',
};

export const HOLDER_NAME_PT: Record<HolderNameScenario, string> = {
  'NETWORK ERROR': 'A requisição falha como se a rede caísse',
  'SERVER ERROR': 'O gateway responde 500: o pagamento pode ou não ter sido feito',
  'GATEWAY TIMEOUT': 'Um proxy responde 504: o pagamento pode ou não ter sido feito',
  'SLOW GATEWAY': 'O gateway responde após 40 s (o checkout desiste em 30 s)',
  'BAD RESPONSE': 'O gateway responde 200 com um corpo que não é uma transação',
  'NO CARD ID':
    'Salvar um cartão (POST /v1/cards) responde 200 {} como no exemplo da especificação: sem id, nada salvo',
};

/** The scenario list's titles in Portuguese, by id (designer-panel-text.test.ts: one for each scenario). */
export const SCENARIO_TITLE_PT: Record<string, string> = {
  'card-approved': 'Cartão aprovado',
  'card-declined': 'Cartão recusado pelo emissor',
  'card-processing': 'Cartão processando (pago após alguns segundos)',
  'card-cvv-error': 'Gateway responde 400 no CVV',
  'network-error': 'Erro de rede',
  'server-error': 'Gateway responde 500: resultado desconhecido',
  'gateway-timeout': 'Tempo esgotado no gateway (504): resultado desconhecido',
  'slow-gateway': 'Gateway lento (o checkout desiste em 30 s)',
  'bad-response': 'Resposta ilegível do gateway: resultado desconhecido',
  '3ds-challenge': '3DS: a página de desafio do banco',
  '3ds-declined': '3DS recusado: a página de retorno após a recusa do banco',
  '3ds-return-approved': 'Retorno do 3DS: aprovado',
  '3ds-return-pending': 'Retorno do 3DS: o banco ainda não respondeu',
  'pix-open': 'Código PIX aberto',
  'pix-paid': 'PIX pago (após 3 s)',
  'pix-expired': 'PIX expirado (após 3 s)',
};

/** Transaction statuses as the panel reports them. */
export const STATUS_PT: Record<string, string> = {
  paid: 'pago',
  refused: 'recusado',
  canceled: 'expirado',
  waiting_payment: 'aguardando pagamento',
};
