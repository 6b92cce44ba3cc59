import type { Control, UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useCardNumberPrefix } from './use-card-number-prefix.ts';
import { formatCardNumberNow, loadCardBrands, useBrandDetector } from './card-brand-loader.ts';
import type { CardFormValues } from './card-form-schema.ts';
import { reformatKeepingCaret } from './caret.ts';

/** Only this badge re-renders as the number is typed; the input itself stays uncontrolled. */
function BrandBadge({ control }: { control: Control<CardFormValues> }) {
  const { t } = useI18n();
  const prefix = useCardNumberPrefix(control);
  const detectBrand = useBrandDetector();
  const brand = detectBrand(prefix);
  return (
    <span className={`brand brand--${brand?.type ?? 'none'}`} aria-live="polite">
      {brand ? (
        <>
          <span className="visually-hidden">{t('card.brandDetected')} </span>
          {brand.name}
        </>
      ) : null}
    </span>
  );
}

interface CardNumberFieldProps {
  registration: UseFormRegisterReturn<'cardNumber'>;
  control: Control<CardFormValues>;
  error: string | undefined;
}

export function CardNumberField({ registration, control, error }: CardNumberFieldProps) {
  const { t } = useI18n();
  return (
    <TextField
      {...registration}
      onChange={(event) => {
        reformatKeepingCaret(event.target, formatCardNumberNow);
        void registration.onChange(event);
      }}
      onFocus={() => void loadCardBrands()}
      label={t('card.number')}
      error={error}
      type="text"
      inputMode="numeric"
      autoComplete="cc-number"
      autoCorrect="off"
      spellCheck={false}
      maxLength={23}
      placeholder="0000 0000 0000 0000"
      adornment={<BrandBadge control={control} />}
    />
  );
}
