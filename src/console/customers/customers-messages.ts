import type { Locale } from '../../i18n/locale.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';

/**
 * The words of the Customers pages, both languages (a missing one is a compile error). Beside console-messages.ts
 * rather than in it: these pages load as their own chunks, and so do their words.
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
};

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
};

export type CustomersMessages = Messages;
const MESSAGES: Record<Locale, Messages> = { 'pt-BR': ptBR, en };

/** The Customers pages' words in the console's language. */
export function useCustomersWords(): { m: Messages; locale: Locale } {
  const { locale } = useConsoleI18n();
  return { m: MESSAGES[locale], locale };
}
