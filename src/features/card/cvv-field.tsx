import type { Control, UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useCardNumberPrefix } from './use-card-number-prefix.ts';
import { useBrandDetector } from './card-brand-loader.ts';
import type { CardFormValues } from './card-form-schema.ts';

interface CvvFieldProps {
  registration: UseFormRegisterReturn<'cvv'>;
  control: Control<CardFormValues>;
  error: string | undefined;
}

/** The hint and length follow the brand: Amex prints 4 digits on the front, others 3 on the back. */
export function CvvField({ registration, control, error }: CvvFieldProps) {
  const { t } = useI18n();
  const prefix = useCardNumberPrefix(control);
  const detectBrand = useBrandDetector();
  const size = detectBrand(prefix)?.cvvSize ?? 3;
  return (
    <TextField
      {...registration}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, 4);
        void registration.onChange(event);
      }}
      className="field--short"
      label={t('card.cvv')}
      hint={size === 4 ? t('card.cvvHintFour') : t('card.cvvHintThree')}
      error={error}
      type="text"
      inputMode="numeric"
      autoComplete="cc-csc"
      maxLength={4}
      placeholder={size === 4 ? '0000' : '000'}
    />
  );
}
