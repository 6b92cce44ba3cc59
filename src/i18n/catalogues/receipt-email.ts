import { registerMessages } from '../registry.ts';

/**
 * The plain card form's optional e-mail for the receipt (issue 42): loaded with its lazy chunk
 * (src/features/card/receipt-email.tsx), so the checkout's first load does not carry these words.
 */
const en = {
  'receiptEmail.open': 'Receive the receipt by e-mail',
  'receiptEmail.label': 'E-mail for the receipt (optional)',
  'receiptEmail.hint': 'Only for the receipt of this payment.',
} as const;

type Catalogue = Record<keyof typeof en, string>;

const ptBR: Catalogue = {
  'receiptEmail.open': 'Receber o comprovante por e-mail',
  'receiptEmail.label': 'E-mail para o comprovante (opcional)',
  'receiptEmail.hint': 'Só para o comprovante deste pagamento.',
};

export const receiptEmailMessages = { en, 'pt-BR': ptBR };

registerMessages(receiptEmailMessages);
