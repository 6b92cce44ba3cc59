/** The mock bank's words (mirroring src/mock/bank-challenge-page.tsx), for the server-rendered page. */
export const BANK_TEXT = {
  en: {
    bank: 'Banco Exemplo',
    secure: 'Secure purchase · 3-D Secure',
    notice: 'Simulated bank page of the mock gateway. No real bank is contacted.',
    title: 'Confirm your purchase',
    intro: 'Approve to authenticate this purchase, or decline it.',
    frictionless: 'Your device is recognised: no code needed.',
    merchant: 'Merchant',
    amount: 'Amount',
    card: 'Card',
    approve: 'Approve',
    decline: 'Decline',
    cancel: 'Cancel',
    unknownTitle: 'This link is not valid',
    unknownBody: 'This authentication link is not valid or has expired. Return to the store and try again.',
    doneTitle: 'Already answered',
    doneBody: 'This purchase was already confirmed or refused.',
    backToStore: 'Return to the store',
  },
  'pt-BR': {
    bank: 'Banco Exemplo',
    secure: 'Compra segura · 3-D Secure',
    notice: 'Página de banco simulada do gateway de teste. Nenhum banco real é contatado.',
    title: 'Confirme sua compra',
    intro: 'Aprove para autenticar esta compra, ou recuse-a.',
    frictionless: 'Seu dispositivo foi reconhecido: não é preciso código.',
    merchant: 'Loja',
    amount: 'Valor',
    card: 'Cartão',
    approve: 'Aprovar',
    decline: 'Recusar',
    cancel: 'Cancelar',
    unknownTitle: 'Este link não é válido',
    unknownBody: 'Este link de autenticação não é válido ou expirou. Volte à loja e tente novamente.',
    doneTitle: 'Já respondido',
    doneBody: 'Esta compra já foi confirmada ou recusada.',
    backToStore: 'Voltar para a loja',
  },
} as const;

export type BankLocale = keyof typeof BANK_TEXT;
export type BankText = (typeof BANK_TEXT)[BankLocale];

/** pt-BR unless the browser prefers English (the checkout's own default is pt-BR). */
export function bankLocale(acceptLanguage: string | undefined): BankLocale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'pt-BR';
}
