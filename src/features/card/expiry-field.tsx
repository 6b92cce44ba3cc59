import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { formatExpiry } from './expiry.ts';

interface ExpiryFieldProps {
  registration: UseFormRegisterReturn<'expiry'>;
  error: string | undefined;
}

/** Shown as MM/YY while typed (the slash comes by itself); sent as MMYY. */
export function ExpiryField({ registration, error }: ExpiryFieldProps) {
  const { t } = useI18n();
  return (
    <TextField
      {...registration}
      onChange={(event) => {
        // Autofill and password managers send plain `input`/`change` events, which have no inputType.
        const native: Event = event.nativeEvent;
        const deleting = native instanceof InputEvent && native.inputType.startsWith('delete');
        event.target.value = formatExpiry(event.target.value, deleting);
        void registration.onChange(event);
      }}
      className="field--short"
      label={t('card.expiry')}
      hint={t('card.expiryHint')}
      error={error}
      inputMode="numeric"
      autoComplete="cc-exp"
      placeholder={t('card.expiryHint')}
      maxLength={5}
    />
  );
}
