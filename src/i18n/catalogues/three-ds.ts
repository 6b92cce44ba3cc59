import { registerMessages } from '../registry.ts';

const en = {
  'threeDS.redirect.title': 'Redirecting to your bank…',
  'threeDS.redirect.body':
    'Your bank needs to confirm this payment. You will come back here when it is done.',
  'threeDS.redirect.status': 'Opening your bank’s page…',
  'threeDS.redirect.fallback': 'Nothing happening?',
  'threeDS.redirect.link': 'Continue to your bank',
  'threeDS.redirect.errorTitle': 'We could not open your bank’s page',
  'threeDS.redirect.invalidUrl':
    'The payment service sent an address we cannot safely open, so we did not send you there. No money was taken.',
  'threeDS.redirect.storageFailed':
    'Your browser did not let us remember this payment, so we could not show you the result after your bank. No money was taken.',
  'threeDS.redirect.back': 'Back to payment',
  'threeDS.return.checkingTitle': 'Confirming your payment',
  'threeDS.return.checking': 'Asking the payment service for the result…',
  'threeDS.return.unknownTitle': 'We could not find this payment',
  'threeDS.return.unknownBody':
    'This page may have been opened in another tab, or the session has expired. We cannot tell which payment it belongs to, so we show no result here.',
  'threeDS.return.errorTitle': 'We could not check your payment',
  'threeDS.return.errorBody': 'Please try again in a moment. Do not pay again until you know the result.',
  'threeDS.return.retry': 'Check again',
  'threeDS.return.backToCheckout': 'Back to checkout',
  'threeDS.return.tryAgain': 'Try another card',
  'threeDS.pending.title': 'Confirm this payment with your bank',
  'threeDS.pending.body':
    'Your bank asked you to confirm this payment. If you have not finished on your bank’s page, continue there. This page updates by itself as soon as your bank answers.',
  'threeDS.pending.status': 'Waiting for your bank’s answer…',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'threeDS.redirect.title': 'Redirecionando para o seu banco…',
  'threeDS.redirect.body': 'Seu banco precisa confirmar este pagamento. Você voltará para cá ao terminar.',
  'threeDS.redirect.status': 'Abrindo a página do seu banco…',
  'threeDS.redirect.fallback': 'Nada aconteceu?',
  'threeDS.redirect.link': 'Continuar para o banco',
  'threeDS.redirect.errorTitle': 'Não conseguimos abrir a página do seu banco',
  'threeDS.redirect.invalidUrl':
    'O serviço de pagamento enviou um endereço que não podemos abrir com segurança, por isso não o enviamos para lá. Nenhum valor foi cobrado.',
  'threeDS.redirect.storageFailed':
    'Seu navegador não nos deixou guardar este pagamento, então não poderíamos mostrar o resultado depois do banco. Nenhum valor foi cobrado.',
  'threeDS.redirect.back': 'Voltar ao pagamento',
  'threeDS.return.checkingTitle': 'Confirmando seu pagamento',
  'threeDS.return.checking': 'Consultando o resultado no serviço de pagamento…',
  'threeDS.return.unknownTitle': 'Não encontramos este pagamento',
  'threeDS.return.unknownBody':
    'Esta página pode ter sido aberta em outra aba, ou a sessão expirou. Não sabemos a qual pagamento ela se refere, então não mostramos um resultado aqui.',
  'threeDS.return.errorTitle': 'Não conseguimos verificar seu pagamento',
  'threeDS.return.errorBody': 'Tente novamente em instantes. Não pague de novo antes de saber o resultado.',
  'threeDS.return.retry': 'Verificar novamente',
  'threeDS.return.backToCheckout': 'Voltar ao pagamento',
  'threeDS.return.tryAgain': 'Tentar outro cartão',
  'threeDS.pending.title': 'Confirme este pagamento com seu banco',
  'threeDS.pending.body':
    'Seu banco pediu que você confirme este pagamento. Se ainda não terminou na página do banco, continue por lá. Esta página se atualiza sozinha assim que o banco responder.',
  'threeDS.pending.status': 'Aguardando a resposta do seu banco…',
};

export const threeDSMessages = { en, 'pt-BR': ptBR };

// Loaded with its screens' lazy chunk: registering on import makes its words available there.
registerMessages(threeDSMessages);
