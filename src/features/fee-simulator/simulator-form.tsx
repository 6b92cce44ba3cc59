import { useCallback } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { isMessageKey } from '../../i18n/messages.ts';
import { FEE_BRANDS } from '../../../contract/fee-brands.ts';
import { FEES_PAID_BY, MAX_ORDER_CENTS } from '../../../contract/order-values.ts';
import { FEE_BRAND_NAMES } from '../../lib/fee-brand.ts';
import { formatCents } from '../../lib/money.ts';
import { formatCentsForInput } from '../../lib/money-input.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { SimulatorFormValues } from './simulator-form-schema.ts';
import { formValuesFrom, paramsFrom } from './simulator-form-values.ts';
import type { SimulatorParams } from './simulator-search.ts';

const INSTALLMENT_COUNTS = Array.from({ length: 12 }, (_, i) => i + 1);
const EXAMPLE_CENTS = 123456;

interface SimulatorFormProps {
  initial: Partial<SimulatorParams>;
  busy: boolean;
  onSubmit: (params: SimulatorParams) => void;
}

export function SimulatorForm({ initial, busy, onSubmit }: SimulatorFormProps) {
  const { t, locale } = useI18n();
  const resolver = useCallback<Resolver<SimulatorFormValues>>(
    async (values, context, options) => {
      const { simulatorFormResolver } = await import('./simulator-form-resolver.ts');
      return simulatorFormResolver(locale)(values, context, options);
    },
    [locale],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SimulatorFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: formValuesFrom(initial, locale),
  });

  const example = formatCentsForInput(EXAMPLE_CENTS, locale);
  const errorText = (field: keyof SimulatorFormValues): string | undefined => {
    const message = errors[field]?.message;
    if (!message || !isMessageKey(message)) return message;
    return t(message, { example, max: formatCents(MAX_ORDER_CENTS, locale) });
  };
  const feeError = errorText('feeResponsible');

  const send = (values: SimulatorFormValues) => {
    const params = paramsFrom(values, locale);
    if (params) onSubmit(params);
  };

  return (
    <form
      className="simulator-form"
      noValidate
      aria-label={t('simulator.formName')}
      onSubmit={(event) => void handleSubmit(send)(event)}
    >
      <div className="simulator-form__fields">
        <SelectField {...register('brand')} label={t('simulator.brand')} error={errorText('brand')}>
          {FEE_BRANDS.map((brand) => (
            <option key={brand} value={brand}>
              {FEE_BRAND_NAMES[brand]}
            </option>
          ))}
        </SelectField>
        <TextField
          {...register('amount')}
          label={t('simulator.amount')}
          hint={t('simulator.amountHint', { example })}
          error={errorText('amount')}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField
          {...register('installments')}
          label={t('simulator.installments')}
          error={errorText('installments')}
        >
          {INSTALLMENT_COUNTS.map((count) => (
            <option key={count} value={String(count)}>
              {t('simulator.installmentOption', { count })}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="method-choice" aria-describedby={feeError ? 'simulator-fee-error' : undefined}>
        <legend className="method-choice__legend">{t('simulator.feeResponsible')}</legend>
        <div className="method-choice__options simulator-form__payer">
          {FEES_PAID_BY.map((payer) => (
            <label key={payer} className="method-choice__option">
              <input type="radio" value={payer} {...register('feeResponsible')} />
              <span>{t(`simulator.fee.${payer}`)}</span>
            </label>
          ))}
        </div>
        {feeError ? (
          <p id="simulator-fee-error" className="field__error">
            {feeError}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" busy={busy}>
        {t('simulator.submit')}
      </Button>
    </form>
  );
}
