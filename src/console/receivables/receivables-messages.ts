import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

/** The words of the console's Receivables page, in both languages (the type makes a missing one a compile error). */
const ptBR = {
  title: 'Recebíveis',
  intro:
    'Quando o dinheiro de cada venda chega, já sem as taxas: cada parcela do cartão na sua data, como o gateway informa; PIX e boleto de uma vez, no dia do pagamento.',
  next: (days: number) => `Próximos ${days} dias`,
  expected: 'A receber',
  paid: 'Recebido',
  gross: 'Bruto',
  fees: 'Taxas',
  net: 'Líquido',
  feeUnknown: (count: number) => (count === 1 ? '1 sem taxa informada' : `${count} sem taxa informada`),
  viewMonth: 'Mês',
  viewDay: 'Dia',
  viewLabel: 'Ver por',
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  thisMonth: 'Este mês',
  weekdays: 'dom seg ter qua qui sex sáb',
  calendarCaption: (month: string) => `Recebíveis de ${month}, por dia`,
  dayButton: (day: string, expected: string, paid: string) =>
    `${day}: a receber ${expected}, recebido ${paid}`,
  nothingThisMonth: 'Nada a receber neste mês.',
  nothingThisDay: 'Nada a receber neste dia.',
  chartAsTable: 'Ver como tabela',
  monthTotals: 'Totais do mês',
  byMethodBrand: 'Por meio e bandeira',
  colDay: 'Dia',
  colMethod: 'Meio',
  colBrand: 'Bandeira',
  colStatus: 'Situação',
  colCount: 'Qtde.',
  statusExpected: 'A receber',
  statusPaid: 'Recebido',
  exportCsv: 'Exportar CSV do mês',
  exportCsvComma: 'Exportar CSV do mês (vírgula decimal)',
  dayTitle: (day: string) => `Dia ${day}`,
  pickDay: 'Dia',
  anticipationTitle: 'Simular antecipação',
  anticipationIntro:
    'Quanto custaria receber hoje as parcelas do cartão ainda a receber no período, pela simulação de taxas do gateway.',
  anticipationFrom: 'De',
  anticipationTo: 'Até',
  simulate: 'Simular',
  simulating: 'Simulando…',
  notAnOffer: 'Simulação com os números do gateway — não é uma oferta nem uma contratação.',
  anticipationSummary: (today: string, later: string, days: string, cost: string) =>
    `Receba ${today} hoje em vez de ${later} ao longo de ${days} dias (em média), custando ${cost}.`,
  monthlyRate: (rate: string) => `Taxa efetiva ≈ ${rate} ao mês (calculada a partir dos números do gateway).`,
  anticipatedAmount: 'Antecipado',
  forecastNet: 'Líquido previsto',
  anticipationRate: 'Taxa de antecipação',
  gatewayFigures: 'Os valores da tabela são os do gateway, como ele os informa.',
  cost: 'Custo',
  colInstallment: 'Parcela',
  colSale: 'Venda',
  notSimulated: (count: number) =>
    count === 1
      ? '1 parcela não entrou na simulação (bandeira sem tabela ou limite de vendas por simulação).'
      : `${count} parcelas não entraram na simulação (bandeira sem tabela ou limite de vendas por simulação).`,
  nothingToAnticipate: 'Nenhuma parcela de cartão a receber neste período.',
  rateLimited: 'Muitas simulações seguidas. Espere um pouco e tente de novo.',
  gatewayDown: 'O gateway não respondeu. Tente de novo em instantes.',
  badRange: 'Escolha um período válido (no máximo 400 dias).',
  forbidden: 'Seu papel não permite ver os recebíveis.',
};

type Messages = {
  [K in keyof typeof ptBR]: (typeof ptBR)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

const en: Messages = {
  title: 'Receivables',
  intro:
    'When the money of each sale arrives, net of fees: each card installment on its day, as the gateway reports it; PIX and boleto at once, on the day they were paid.',
  next: (days: number) => `Next ${days} days`,
  expected: 'Expected',
  paid: 'Paid out',
  gross: 'Gross',
  fees: 'Fees',
  net: 'Net',
  feeUnknown: (count: number) => (count === 1 ? '1 with fee unknown' : `${count} with fee unknown`),
  viewMonth: 'Month',
  viewDay: 'Day',
  viewLabel: 'View by',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  thisMonth: 'This month',
  weekdays: 'Sun Mon Tue Wed Thu Fri Sat',
  calendarCaption: (month: string) => `Receivables of ${month}, by day`,
  dayButton: (day: string, expected: string, paid: string) =>
    `${day}: expected ${expected}, paid out ${paid}`,
  nothingThisMonth: 'Nothing to receive this month.',
  nothingThisDay: 'Nothing to receive on this day.',
  chartAsTable: 'Show as a table',
  monthTotals: 'Month totals',
  byMethodBrand: 'By method and brand',
  colDay: 'Day',
  colMethod: 'Method',
  colBrand: 'Brand',
  colStatus: 'Status',
  colCount: 'Count',
  statusExpected: 'Expected',
  statusPaid: 'Paid out',
  exportCsv: 'Export the month as CSV',
  exportCsvComma: 'Export the month as CSV (decimal comma)',
  dayTitle: (day: string) => `Day ${day}`,
  pickDay: 'Day',
  anticipationTitle: 'Simulate anticipation',
  anticipationIntro:
    'What receiving today the card installments still expected in a period would cost, by the gateway’s fee simulation.',
  anticipationFrom: 'From',
  anticipationTo: 'To',
  simulate: 'Simulate',
  simulating: 'Simulating…',
  notAnOffer: 'A simulation with the gateway’s figures — not an offer, nothing is contracted.',
  anticipationSummary: (today: string, later: string, days: string, cost: string) =>
    `Receive ${today} today instead of ${later} over ${days} days (on average), costing ${cost}.`,
  monthlyRate: (rate: string) => `Effective rate ≈ ${rate} a month (derived from the gateway’s figures).`,
  anticipatedAmount: 'Anticipated',
  forecastNet: 'Forecast net',
  anticipationRate: 'Anticipation rate',
  gatewayFigures: 'The table’s figures are the gateway’s, as it reports them.',
  cost: 'Cost',
  colInstallment: 'Installment',
  colSale: 'Sale',
  notSimulated: (count: number) =>
    count === 1
      ? '1 installment was not simulated (a brand without a price table, or the sales per simulation limit).'
      : `${count} installments were not simulated (a brand without a price table, or the sales per simulation limit).`,
  nothingToAnticipate: 'No card installment is expected in this period.',
  rateLimited: 'Too many simulations in a row. Wait a moment and try again.',
  gatewayDown: 'The gateway did not answer. Try again in a moment.',
  badRange: 'Choose a valid period (at most 400 days).',
  forbidden: 'Your role does not allow seeing receivables.',
};

export type ReceivablesMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** The Receivables page's words in the console's current language. */
export function useReceivablesWords(): { w: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { w: MESSAGES[locale], locale };
}
