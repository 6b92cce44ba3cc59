import { useI18n } from '../i18n/i18n-context.tsx';
import { formatTaxId } from '../lib/tax-id.ts';
import type { FieldBinding } from './field-binding.ts';
import { TextField } from './text-field.tsx';

/** The shopper's own details, shared by the 3DS and PIX forms (spec 2.5). */
export function CustomerFields({
  register,
  errorText,
}: FieldBinding<'customerName' | 'email' | 'taxId' | 'phone'>) {
  const { t } = useI18n();
  // Registered in the order shown: react-hook-form focuses the first invalid field in that order.
  const customerName = register('customerName');
  const email = register('email');
  const taxId = register('taxId');
  const phone = register('phone');
  return (
    <fieldset className="fieldset">
      <legend>{t('customer.legend')}</legend>
      <TextField
        {...customerName}
        label={t('customer.name')}
        error={errorText('customerName')}
        autoComplete="name"
      />
      <TextField
        {...email}
        label={t('customer.email')}
        error={errorText('email')}
        type="email"
        autoComplete="email"
        spellCheck={false}
      />
      <div className="field-row">
        <TextField
          {...taxId}
          onChange={(event) => {
            event.target.value = formatTaxId(event.target.value);
            void taxId.onChange(event);
          }}
          label={t('customer.taxId')}
          hint={t('customer.taxIdHint')}
          error={errorText('taxId')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={18}
        />
        <TextField
          {...phone}
          label={t('customer.phone')}
          hint={t('customer.phoneHint')}
          error={errorText('phone')}
          type="tel"
          autoComplete="tel"
        />
      </div>
    </fieldset>
  );
}
