import { useI18n } from '../../i18n/i18n-context.tsx';
import type { PaymentMethod } from '../../lib/order-config.ts';

interface PaymentMethodChoiceProps {
  methods: readonly PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}

/** A native radio group: arrow keys, Tab and screen readers work without extra code. */
export function PaymentMethodChoice({ methods, value, onChange }: PaymentMethodChoiceProps) {
  const { t } = useI18n();
  if (methods.length < 2) return null;
  return (
    <fieldset className="method-choice">
      <legend className="method-choice__legend">{t('checkout.methodLegend')}</legend>
      <div className="method-choice__options">
        {methods.map((method) => (
          <label key={method} className="method-choice__option">
            <input
              type="radio"
              name="payment-method"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
            />
            <span>{t(`checkout.method.${method}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
