import { registerMessages } from '../registry.ts';

/**
 * Saved cards (issue 14): the returning customer's cards, the consent to save one (LGPD: a free, informed,
 * specific choice — unchecked by default, saying what is kept, for what, and how to undo it) and the
 * "save a card" page. Loaded with those components' lazy chunk.
 */
const en = {
  'savedCards.legend': 'Pay with a saved card',
  'savedCards.card': '{brand} •••• {last4}',
  'savedCards.useAnother': 'Use another card',
  'savedCards.remove': 'Remove',
  'savedCards.removeLabel': 'Remove {card}',
  'savedCards.removing': 'Removing…',
  'savedCards.confirmRemove': 'Remove {card}?',
  'savedCards.keep': 'Keep',
  'savedCards.unavailable':
    'This saved card can no longer be used here. Choose another card, or use another card and type its details.',
  'savedCards.removed': '{card} was removed.',
  'savedCards.removeFailed': 'We could not remove {card}. Try again.',
  'savedCards.consent': 'Save this card for next time',
  'savedCards.consentHint':
    'Optional. With your consent, {shop} keeps only what identifies the card (brand, first and last digits, name on card) with the payment service so that you can pay faster next time — never the full number or the security code. You can remove it at any time on this page.',
  'savedCards.thisShop': 'this shop',
  'savedCards.unknownBrand': 'Card',
  'saveCard.title': 'Save a card',
  'saveCard.intro':
    'Save a card with {shop} to pay faster next time. Nothing is charged now. Only what identifies the card (brand, first and last digits, name on card) is kept — never the full number or the security code — and you can remove it at any time.',
  'saveCard.submit': 'Save card',
  'saveCard.saving': 'Saving card…',
  'saveCard.saved.title': 'Card saved',
  'saveCard.saved.body': '{card} is saved for your next purchases. Nothing was charged.',
  'saveCard.notSaved': 'The card could not be saved. Nothing was charged; try again.',
  'saveCard.backToShop': 'Back to the shop',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'savedCards.legend': 'Pagar com um cartão salvo',
  'savedCards.card': '{brand} •••• {last4}',
  'savedCards.useAnother': 'Usar outro cartão',
  'savedCards.remove': 'Remover',
  'savedCards.removeLabel': 'Remover {card}',
  'savedCards.removing': 'Removendo…',
  'savedCards.confirmRemove': 'Remover {card}?',
  'savedCards.keep': 'Manter',
  'savedCards.unavailable':
    'Este cartão salvo não pode mais ser usado aqui. Escolha outro cartão, ou use outro cartão e digite os dados dele.',
  'savedCards.removed': '{card} foi removido.',
  'savedCards.removeFailed': 'Não conseguimos remover {card}. Tente de novo.',
  'savedCards.consent': 'Salvar este cartão para a próxima compra',
  'savedCards.consentHint':
    'Opcional. Com o seu consentimento, {shop} guarda no serviço de pagamento apenas o que identifica o cartão (bandeira, primeiros e últimos dígitos, nome impresso) para você pagar mais rápido da próxima vez — nunca o número completo nem o código de segurança. Você pode removê-lo a qualquer momento nesta página.',
  'savedCards.thisShop': 'esta loja',
  'savedCards.unknownBrand': 'Cartão',
  'saveCard.title': 'Salvar um cartão',
  'saveCard.intro':
    'Salve um cartão para pagar mais rápido nas próximas compras. Nada é cobrado agora. Guardamos apenas o que identifica o cartão (bandeira, primeiros e últimos dígitos, nome impresso) — nunca o número completo nem o código de segurança — e você pode removê-lo a qualquer momento.',
  'saveCard.submit': 'Salvar cartão',
  'saveCard.saving': 'Salvando cartão…',
  'saveCard.saved.title': 'Cartão salvo',
  'saveCard.saved.body': '{card} está salvo para as suas próximas compras. Nada foi cobrado.',
  'saveCard.notSaved': 'Não foi possível salvar o cartão. Nada foi cobrado; tente de novo.',
  'saveCard.backToShop': 'Voltar para a loja',
};

export const savedCardMessages = { en, 'pt-BR': ptBR };

// Loaded with the saved-card components' lazy chunk: registering on import makes its words available there.
registerMessages(savedCardMessages);
