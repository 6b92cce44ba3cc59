import { useId, useState } from 'react';
import { API_BASE_URL } from '../../api/config.ts';
import { useGatewayBase } from '../../api/gateway-base.ts';
import '../../i18n/catalogues/receipt-email.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { OrderConfig } from '../../lib/order-config.ts';
import type { FieldBinding } from '../../ui/field-binding.ts';
import { TextField } from '../../ui/text-field.tsx';

interface ReceiptEmailProps extends FieldBinding<'email'> {
  order: OrderConfig;
  /** Puts the field back as the form started it (the session's e-mail, or empty). */
  resetField: (name: 'email') => void;
}

/**
 * "Receive the receipt by e-mail" on the plain card form (issue 42): optional and folded, so it is not a
 * field the payment needs (the field-count targets of e2e/server/*-fields*.spec.ts hold). Its own lazy chunk:
 * the checkout's first load carries only the line that renders it. Only in a checkout session (the server
 * mails receipts from the session's payments) that sends receipts; the session's customer e-mail is already
 * in the field. Folding it again puts the field back as it started, so a half-typed address hidden from
 * view never holds the payment up.
 */
export function ReceiptEmail({ register, errorText, resetField, order }: ReceiptEmailProps) {
  const { t } = useI18n();
  const inSession = useGatewayBase() !== API_BASE_URL;
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!inSession || order.receipts === false) return null;
  return (
    <div className="receipt-email">
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (open) resetField('email');
          setOpen(!open);
        }}
      >
        {t('receiptEmail.open')}
      </button>
      <div id={id}>
        {open ? (
          <TextField
            {...register('email')}
            label={t('receiptEmail.label')}
            hint={t('receiptEmail.hint')}
            error={errorText('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            // Opened to type an address: the cursor goes there.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        ) : null}
      </div>
    </div>
  );
}
