import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../i18n/i18n-context.tsx';
import { formatTaxId } from '../lib/tax-id.ts';
import { TextField } from './text-field.tsx';

export interface CustomerFieldsProps {
  registrations: {
    customerName: UseFormRegisterReturn<'customerName'>;
    email: UseFormRegisterReturn<'email'>;
    taxId: UseFormRegisterReturn<'taxId'>;
    phone: UseFormRegisterReturn<'phone'>;
  };
  /** Already translated. */
  errors: Partial<Record<'customerName' | 'email' | 'taxId' | 'phone', string>>;
}

/** The shopper's own details, shared by the 3DS and PIX forms (spec 2.5). */
export function CustomerFields({ registrations, errors }: CustomerFieldsProps) {
  const { t } = useI18n();
  const { taxId } = registrations;
  return (
    <fieldset className="fieldset">
      <legend>{t('customer.legend')}</legend>
      <TextField
        {...registrations.customerName}
        label={t('customer.name')}
        error={errors.customerName}
        autoComplete="name"
      />
      <TextField
        {...registrations.email}
        label={t('customer.email')}
        error={errors.email}
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
          error={errors.taxId}
          inputMode="numeric"
          autoComplete="off"
          maxLength={18}
        />
        <TextField
          {...registrations.phone}
          label={t('customer.phone')}
          hint={t('customer.phoneHint')}
          error={errors.phone}
          type="tel"
          autoComplete="tel"
        />
      </div>
    </fieldset>
  );
}
