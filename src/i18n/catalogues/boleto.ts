import { registerMessages } from '../registry.ts';

const en = {
  'boleto.formName': 'Pay with boleto',
  'boleto.addressLegend': 'Your address (printed on the boleto)',
  'boleto.submit': 'Generate boleto for {amount}',
  'boleto.submitting': 'Generating boleto…',
  'boleto.note': 'You can pay it at any bank, lottery shop or banking app until its due date.',
  'boleto.error.unexpected': 'Something went wrong and no boleto was created. Please try again.',
  'boleto.unknownOutcome':
    'We could not confirm whether your boleto was created. Do not generate another one yet: check the store’s confirmation email, then try again.',
  'boleto.unknownOutcome.retry': 'I have checked — try again',
  'boleto.title': 'Pay {amount} by boleto',
  'boleto.due': 'Due date: {date}',
  'boleto.line.label': 'Digitable line',
  'boleto.copy': 'Copy line',
  'boleto.copied': 'Copied',
  'boleto.copyFailed':
    'Could not copy automatically. The line is selected: copy it with your device’s copy command.',
  'boleto.barcode.label': 'Boleto barcode, number {number}',
  'boleto.pdf': 'Download PDF',
  'boleto.pdfHint': 'opens in a new tab',
  'boleto.pix.title': 'Or pay now with PIX',
  'boleto.pix.label': 'PIX copy-and-paste code for this boleto',
  'boleto.pix.code': 'PIX copy-and-paste code',
  'boleto.pix.copy': 'Copy PIX code',
  'boleto.confirmation':
    'Banks take up to 3 business days to confirm a boleto payment. We will confirm your order then; you do not need to keep this page open.',
  'boleto.paid.title': 'Boleto paid',
  'boleto.paid.body': 'We received your payment of {amount}. Thank you!',
  'boleto.paidLate': 'It was paid after its due date; the shop will confirm your order.',
  'boleto.expired.title': 'This boleto has expired',
  'boleto.expired.body': 'Its due date ({date}) has passed and it was not paid. Nothing was charged.',
  'boleto.expired.retry': 'Generate a new boleto',
  'boleto.unavailable': 'This boleto cannot be shown right now. Reload the page in a moment.',
  'boleto.stillOpen':
    'A boleto has already been issued for this order (due {date}). If you pay now another way, do not pay the boleto: if both are paid, the later payment is refunded.',
};

const ptBR: Record<keyof typeof en, string> = {
  'boleto.formName': 'Pagar com boleto',
  'boleto.addressLegend': 'Seu endereço (impresso no boleto)',
  'boleto.submit': 'Gerar boleto de {amount}',
  'boleto.submitting': 'Gerando boleto…',
  'boleto.note': 'Você pode pagar em qualquer banco, lotérica ou app de banco até o vencimento.',
  'boleto.error.unexpected': 'Algo deu errado e nenhum boleto foi gerado. Tente de novo.',
  'boleto.unknownOutcome':
    'Não conseguimos confirmar se seu boleto foi gerado. Não gere outro ainda: confira o e-mail de confirmação da loja e tente de novo.',
  'boleto.unknownOutcome.retry': 'Já conferi — tentar de novo',
  'boleto.title': 'Pague {amount} com boleto',
  'boleto.due': 'Vencimento: {date}',
  'boleto.line.label': 'Linha digitável',
  'boleto.copy': 'Copiar linha',
  'boleto.copied': 'Copiado',
  'boleto.copyFailed':
    'Não foi possível copiar automaticamente. A linha está selecionada: copie com o comando do seu aparelho.',
  'boleto.barcode.label': 'Código de barras do boleto, número {number}',
  'boleto.pdf': 'Baixar PDF',
  'boleto.pdfHint': 'abre em uma nova aba',
  'boleto.pix.title': 'Ou pague agora com PIX',
  'boleto.pix.label': 'Código PIX copia e cola deste boleto',
  'boleto.pix.code': 'Código PIX copia e cola',
  'boleto.pix.copy': 'Copiar código PIX',
  'boleto.confirmation':
    'Os bancos levam até 3 dias úteis para confirmar o pagamento de um boleto. Confirmaremos seu pedido em seguida; não é preciso manter esta página aberta.',
  'boleto.paid.title': 'Boleto pago',
  'boleto.paid.body': 'Recebemos seu pagamento de {amount}. Obrigado!',
  'boleto.paidLate': 'Ele foi pago depois do vencimento; a loja vai confirmar seu pedido.',
  'boleto.expired.title': 'Este boleto venceu',
  'boleto.expired.body': 'O vencimento ({date}) passou e ele não foi pago. Nenhum valor foi cobrado.',
  'boleto.expired.retry': 'Gerar novo boleto',
  'boleto.unavailable': 'Não é possível mostrar este boleto agora. Recarregue a página em instantes.',
  'boleto.stillOpen':
    'Já existe um boleto emitido para este pedido (vencimento {date}). Se pagar agora de outra forma, não pague o boleto: se os dois forem pagos, o pagamento confirmado por último será devolvido.',
};

export const boletoMessages = { en, 'pt-BR': ptBR };

// Loaded with the boleto screen's lazy chunk: registering on import makes its words available there.
registerMessages(boletoMessages);
