import { registerMessages } from '../registry.ts';

const en = {
  'pix.stillOpen':
    'You have an open PIX code for this order. Paying by card withdraws it: do not pay the code afterwards. If it is paid anyway, we refund it automatically.',
  'pix.formName': 'Pay with PIX',
  'pix.shippingLegend': 'Delivery',
  'pix.shippingFee': 'Delivery fee: {fee} (included in the total)',
  'pix.shipToBilling': 'Deliver to my billing address',
  'pix.shipName': 'Recipient’s name',
  'pix.submit': 'Generate PIX code for {amount}',
  'pix.submitting': 'Generating PIX code…',
  'pix.unknownOutcome':
    'We could not confirm whether your PIX code was created. Do not generate another one yet: check the store’s confirmation email, then try again.',
  'pix.unknownOutcome.retry': 'I have checked — try again',
  'pix.note': 'You will get a QR code and a code to paste into your bank app.',
  'pix.error.shipNameRequired': 'Enter who receives the delivery.',
  // A PIX code costs nothing until it is paid, so unlike the card's message this one need not say so.
  'pix.error.unexpected': 'Something went wrong and no PIX code was created. Please try again.',
  'pix.pay.title': 'Pay {amount} with PIX',
  'pix.pay.step1': 'Open your bank’s app and choose PIX.',
  'pix.pay.step2': 'Copy the code and paste it into “PIX copy and paste”, or scan the QR code.',
  'pix.pay.step3': 'Confirm the payment. This page updates by itself when it arrives.',
  'pix.qr.label': 'PIX QR code to pay {amount}',
  'pix.qr.loading': 'Loading the QR code…',
  'pix.code.label': 'PIX copy-and-paste code',
  'pix.copy': 'Copy code',
  'pix.copied': 'Copied',
  'pix.copyFailed':
    'Could not copy automatically. The code is selected: copy it with your device’s copy command.',
  'pix.countdown.label': 'Time left to pay',
  'pix.countdown.valueText': '{time} left',
  'pix.countdown.minutes': '{minutes} minutes left to pay.',
  'pix.countdown.oneMinute': '1 minute left to pay.',
  'pix.countdown.underMinute': 'Less than a minute left to pay.',
  'pix.countdown.expired': 'The PIX code has expired.',
  'pix.waiting': 'Waiting for your payment…',
  'pix.statusError': 'We could not check the payment just now; we will keep trying.',
  'pix.paid.title': 'Payment received',
  'pix.paid.body': 'We received your PIX payment of {amount}. Thank you!',
  'pix.expired.title': 'This PIX code has expired',
  'pix.expired.body': 'No money was taken. Generate a new code to pay.',
  'pix.expired.retry': 'Generate a new code',
  'pix.refused.title': 'Payment not completed',
  'pix.refused.body': 'The payment service did not accept this PIX payment. No money was taken.',
  'pix.refused.retry': 'Try again',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'pix.stillOpen':
    'Você tem um código PIX aberto para este pedido. Pagar com cartão cancela o código: não pague o PIX depois. Se ele for pago mesmo assim, devolvemos o valor automaticamente.',
  'pix.formName': 'Pagar com PIX',
  'pix.shippingLegend': 'Entrega',
  'pix.shippingFee': 'Frete: {fee} (incluído no total)',
  'pix.shipToBilling': 'Entregar no meu endereço de cobrança',
  'pix.shipName': 'Nome de quem recebe',
  'pix.submit': 'Gerar código PIX de {amount}',
  'pix.submitting': 'Gerando código PIX…',
  'pix.unknownOutcome':
    'Não conseguimos confirmar se seu código PIX foi gerado. Não gere outro ainda: confira o e-mail de confirmação da loja e depois tente de novo.',
  'pix.unknownOutcome.retry': 'Já conferi — tentar de novo',
  'pix.note': 'Você receberá um QR code e um código para colar no app do seu banco.',
  'pix.error.shipNameRequired': 'Informe quem recebe a entrega.',
  'pix.error.unexpected': 'Algo deu errado e nenhum código PIX foi gerado. Tente de novo.',
  'pix.pay.title': 'Pague {amount} com PIX',
  'pix.pay.step1': 'Abra o app do seu banco e escolha PIX.',
  'pix.pay.step2': 'Copie o código e cole em “PIX copia e cola”, ou leia o QR code.',
  'pix.pay.step3': 'Confirme o pagamento. Esta página se atualiza sozinha quando ele chegar.',
  'pix.qr.label': 'QR code PIX para pagar {amount}',
  'pix.qr.loading': 'Carregando o QR code…',
  'pix.code.label': 'Código PIX copia e cola',
  'pix.copy': 'Copiar código',
  'pix.copied': 'Copiado',
  'pix.copyFailed':
    'Não foi possível copiar automaticamente. O código está selecionado: copie-o com o comando de copiar do seu aparelho.',
  'pix.countdown.label': 'Tempo para pagar',
  'pix.countdown.valueText': 'faltam {time}',
  'pix.countdown.minutes': 'Faltam {minutes} minutos para pagar.',
  'pix.countdown.oneMinute': 'Falta 1 minuto para pagar.',
  'pix.countdown.underMinute': 'Falta menos de um minuto para pagar.',
  'pix.countdown.expired': 'O código PIX expirou.',
  'pix.waiting': 'Aguardando seu pagamento…',
  'pix.statusError': 'Não conseguimos verificar o pagamento agora; vamos continuar tentando.',
  'pix.paid.title': 'Pagamento recebido',
  'pix.paid.body': 'Recebemos seu pagamento PIX de {amount}. Obrigado!',
  'pix.expired.title': 'Este código PIX expirou',
  'pix.expired.body': 'Nenhum valor foi cobrado. Gere um novo código para pagar.',
  'pix.expired.retry': 'Gerar novo código',
  'pix.refused.title': 'Pagamento não concluído',
  'pix.refused.body': 'O serviço de pagamento não aceitou este pagamento PIX. Nenhum valor foi cobrado.',
  'pix.refused.retry': 'Tentar de novo',
};

export const pixMessages = { en, 'pt-BR': ptBR };

// Loaded with its screens' lazy chunk: registering on import makes its words available there.
registerMessages(pixMessages);
