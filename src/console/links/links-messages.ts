import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

const pick = (words: Record<string, string>, key: string): string => words[key] ?? key;

/**
 * The words of the console's Links pages (the list, the form, the print view), in both languages (the type makes a
 * missing one a compile error). Apart from console-messages.ts so that each resource's words load with it.
 */
const ptBR = {
  linksTitle: 'Links de pagamento',
  linksIntro:
    'Crie um link, compartilhe por mensagem ou imprima o QR code. Cada visita abre um checkout novo.',
  newLink: 'Novo link',
  newLinkTitle: 'Novo link de pagamento',
  linkTitle: 'Título',
  linkTitleHint: 'O comprador vê este título na página do link.',
  linkDescription: 'Descrição (opcional)',
  priceKind: 'Preço',
  priceFixed: 'Valor fixo',
  priceOpen: 'O comprador escolhe o valor',
  amount: 'Valor (R$)',
  amountMin: 'Valor mínimo (R$)',
  amountMax: 'Valor máximo (R$)',
  methods: 'Formas de pagamento',
  methodCard: 'Cartão de crédito',
  methodPix: 'PIX',
  maxInstallments: 'Parcelas no cartão, no máximo',
  maxPayments: 'Limite de pagamentos (opcional)',
  maxPaymentsHint: 'Depois desse número de pagamentos o link para de aceitar.',
  createLink: 'Criar link',
  creating: 'Criando…',
  cancel: 'Cancelar',
  titleRequired: 'Digite um título.',
  titleTooLong: 'No máximo 120 caracteres.',
  descriptionTooLong: 'No máximo 500 caracteres.',
  amountInvalid: 'Digite um valor em reais, como 59,90.',
  minAboveMax: 'O mínimo não pode passar do máximo.',
  methodRequired: 'Escolha ao menos uma forma de pagamento.',
  maxPaymentsInvalid: 'Digite um número inteiro a partir de 1.',
  linkCreated: (title: string) => `Link “${title}” criado.`,
  preview: 'Prévia da página do comprador',
  previewUntitled: 'Título do link',
  previewChoose: (min: string, max: string) => `Você escolhe o valor, entre ${min} e ${max}`,
  previewInstallments: (n: number) =>
    n > 1 ? `Cartão de crédito em até ${n}x` : 'Cartão de crédito à vista',
  previewPay: 'Pagar',
  statusFilter: 'Status',
  anyStatus: 'Todos',
  linkStatus: (status: string) =>
    pick({ active: 'Ativo', inactive: 'Desativado', expired: 'Expirado', completed: 'Esgotado' }, status),
  colCreated: 'Criado em',
  colTitle: 'Link',
  colStatus: 'Status',
  colAmount: 'Valor',
  colUses: 'Pagamentos',
  colCollected: 'Recebido',
  colActions: 'Ações',
  uses: (count: number, max: number | null) => (max === null ? String(count) : `${count} de ${max}`),
  amountRange: (min: string, max: string) => `${min} a ${max}`,
  noLinks: 'Nenhum link ainda.',
  noLinksFiltered: 'Nenhum link com esse status.',
  copyLink: 'Copiar link',
  copyLinkOf: (title: string) => `Copiar link de “${title}”`,
  copied: (title: string) => `Link de “${title}” copiado.`,
  copyFailed: (url: string) => `Não foi possível copiar. Selecione o endereço: ${url}`,
  qrCode: 'QR code',
  qrCodeOf: (title: string) => `QR code de “${title}” para imprimir`,
  deactivate: 'Desativar',
  deactivateOf: (title: string) => `Desativar “${title}”`,
  deactivateTitle: 'Desativar link?',
  deactivateBody: (title: string) =>
    `“${title}” deixa de aceitar pagamentos: quem abrir o link verá que ele não está mais disponível. Pagamentos já feitos não mudam.`,
  deactivateConfirm: 'Desativar link',
  deactivated: (title: string) => `Link “${title}” desativado.`,
  reasonRole: 'Seu papel só permite ver.',
  printTitle: (title: string) => `QR code: ${title}`,
  printHint: 'Aponte a câmera do celular para pagar.',
  printButton: 'Imprimir',
  backToLinks: 'Voltar aos links',
  linkNotFound: 'Nenhum link com esse id.',
  qrAlt: (url: string) => `QR code do endereço ${url}`,
  sending: 'Enviando…',
  errorGeneric: 'Algo deu errado. Tente de novo.',
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
  linksTitle: 'Payment links',
  linksIntro: 'Create a link, share it in a message or print its QR code. Each visit opens a new checkout.',
  newLink: 'New link',
  newLinkTitle: 'New payment link',
  linkTitle: 'Title',
  linkTitleHint: "The shopper sees this title on the link's page.",
  linkDescription: 'Description (optional)',
  priceKind: 'Price',
  priceFixed: 'Fixed amount',
  priceOpen: 'The shopper chooses the amount',
  amount: 'Amount (R$)',
  amountMin: 'Minimum amount (R$)',
  amountMax: 'Maximum amount (R$)',
  methods: 'Payment methods',
  methodCard: 'Credit card',
  methodPix: 'PIX',
  maxInstallments: 'Card installments, at most',
  maxPayments: 'Limit of payments (optional)',
  maxPaymentsHint: 'After this many payments the link stops accepting more.',
  createLink: 'Create link',
  creating: 'Creating…',
  cancel: 'Cancel',
  titleRequired: 'Type a title.',
  titleTooLong: 'At most 120 characters.',
  descriptionTooLong: 'At most 500 characters.',
  amountInvalid: 'Type an amount in reais, such as 59.90.',
  minAboveMax: 'The minimum cannot exceed the maximum.',
  methodRequired: 'Choose at least one payment method.',
  maxPaymentsInvalid: 'Type a whole number from 1.',
  linkCreated: (title: string) => `Link “${title}” created.`,
  preview: "Preview of the shopper's page",
  previewUntitled: "The link's title",
  previewChoose: (min: string, max: string) => `You choose the amount, between ${min} and ${max}`,
  previewInstallments: (n: number) =>
    n > 1 ? `Credit card in up to ${n} installments` : 'Credit card, one payment',
  previewPay: 'Pay',
  statusFilter: 'Status',
  anyStatus: 'Any',
  linkStatus: (status: string) =>
    pick({ active: 'Active', inactive: 'Deactivated', expired: 'Expired', completed: 'Used up' }, status),
  colCreated: 'Created',
  colTitle: 'Link',
  colStatus: 'Status',
  colAmount: 'Amount',
  colUses: 'Payments',
  colCollected: 'Collected',
  colActions: 'Actions',
  uses: (count: number, max: number | null) => (max === null ? String(count) : `${count} of ${max}`),
  amountRange: (min: string, max: string) => `${min} to ${max}`,
  noLinks: 'No links yet.',
  noLinksFiltered: 'No link has this status.',
  copyLink: 'Copy link',
  copyLinkOf: (title: string) => `Copy link of “${title}”`,
  copied: (title: string) => `Link of “${title}” copied.`,
  copyFailed: (url: string) => `Could not copy. Select the address: ${url}`,
  qrCode: 'QR code',
  qrCodeOf: (title: string) => `QR code of “${title}” to print`,
  deactivate: 'Deactivate',
  deactivateOf: (title: string) => `Deactivate “${title}”`,
  deactivateTitle: 'Deactivate link?',
  deactivateBody: (title: string) =>
    `“${title}” stops taking payments: whoever opens the link sees it is no longer available. Payments already made do not change.`,
  deactivateConfirm: 'Deactivate link',
  deactivated: (title: string) => `Link “${title}” deactivated.`,
  reasonRole: 'Your role can only view.',
  printTitle: (title: string) => `QR code: ${title}`,
  printHint: "Point the phone's camera here to pay.",
  printButton: 'Print',
  backToLinks: 'Back to links',
  linkNotFound: 'No link has this id.',
  qrAlt: (url: string) => `QR code of the address ${url}`,
  sending: 'Sending…',
  errorGeneric: 'Something went wrong. Try again.',
  errorNetwork: 'The server cannot be reached. Check the network and try again.',
  next: 'Next page',
  previous: 'Previous page',
  pageOf: (n: number) => `Page ${n}`,
};

export type LinksMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** The Links pages' words in the console's current language. */
export function useLinksWords(): { w: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { w: MESSAGES[locale], locale };
}
