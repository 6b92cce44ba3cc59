import type { Control, UseFormRegister } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { CardNumberField } from './card-number-field.tsx';
import type { CardFormValues } from './card-form-schema.ts';
import { CvvField } from './cvv-field.tsx';
import { ExpiryField } from './expiry-field.tsx';

interface CardDetailsFieldsProps {
  register: UseFormRegister<CardFormValues>;
  control: Control<CardFormValues>;
  errorText: (field: keyof CardFormValues) => string | undefined;
}

/** The card itself — number, name on it, expiry, CVV — for the payment form and the save-a-card page. */
export function CardDetailsFields({ register, control, errorText }: CardDetailsFieldsProps) {
  const { t } = useI18n();
  return (
    <>
      <CardNumberField
        registration={register('cardNumber')}
        control={control}
        error={errorText('cardNumber')}
      />
      <TextField
        {...register('holderName')}
        label={t('card.holderName')}
        error={errorText('holderName')}
        autoComplete="cc-name"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
      />
      <div className="field-row">
        <ExpiryField registration={register('expiry')} error={errorText('expiry')} />
        <CvvField registration={register('cvv')} control={control} error={errorText('cvv')} />
      </div>
    </>
  );
}
