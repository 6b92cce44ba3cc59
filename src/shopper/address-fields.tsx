import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useI18n } from '../i18n/i18n-context.tsx';
import { BRAZIL_STATES } from './brazil-states.ts';
import type { AddressField } from './shopper-field.ts';
import { formatCep } from '../lib/input-masks.ts';
import type { FieldBinding } from '../ui/field-binding.ts';
import type { CepForm } from './cep-fill.ts';
import { useCepAutofill } from './use-cep-autofill.ts';
import { SelectField } from '../ui/select-field.tsx';
import { TextField } from '../ui/text-field.tsx';

interface AddressFieldsProps<N extends string> extends FieldBinding<N> {
  /** The autocomplete section, so browsers fill billing and delivery from the right address. */
  section: 'billing' | 'shipping';
  /** The form's field for each part of the address; without a neighbourhood, none is asked for. */
  names: Record<Exclude<AddressField, 'neighborhood'>, N> & { neighborhood?: N };
  /** The form, for the CEP lookup to fill the rest (use-cep-autofill.ts); without it, nothing is looked up. */
  cepForm?: CepForm | undefined;
}

/** CEP, street and number, neighbourhood (when asked), city and state. */
export function AddressFields<N extends string>({
  section,
  names,
  register,
  errorText,
  cepForm,
}: AddressFieldsProps<N>) {
  const { t } = useI18n();
  const bind = (name: N) => ({ ...register(name), error: errorText(name) });
  const lookup = useCepAutofill(cepForm, names);
  const zipcode = register(names.zipcode);
  return (
    <>
      <TextField
        {...zipcode}
        onChange={(event) => {
          event.target.value = formatCep(event.target.value);
          void zipcode.onChange(event);
          lookup.onCepChange(event.target.value);
        }}
        error={errorText(names.zipcode)}
        className="field--medium"
        label={t('address.zipcode')}
        hint={
          lookup.state === 'filled'
            ? t('address.cepFilled')
            : lookup.state === 'not-found'
              ? t('address.cepUnknown')
              : t('address.zipcodeHint')
        }
        autoComplete={`${section} postal-code`}
        inputMode="numeric"
        maxLength={9}
      />
      {/* Heard, not only seen: the fields below changed by themselves. */}
      <p className="visually-hidden" role="status">
        {lookup.state === 'filled' ? t('address.cepFilled') : ''}
      </p>
      <div className="field-row">
        <TextField
          {...bind(names.street)}
          className="field--grow"
          label={t('address.street')}
          autoComplete={`${section} address-line1`}
        />
        <TextField
          {...bind(names.streetNumber)}
          className="field--short"
          label={t('address.streetNumber')}
          autoComplete={`${section} address-line2`}
        />
      </div>
      {names.neighborhood ? (
        <TextField
          {...bind(names.neighborhood)}
          label={t('address.neighborhood')}
          autoComplete={`${section} address-level3`}
        />
      ) : null}
      <div className="field-row">
        <TextField
          {...bind(names.city)}
          className="field--grow"
          label={t('address.city')}
          autoComplete={`${section} address-level2`}
        />
        <SelectField
          {...bind(names.state)}
          className="field--short"
          label={t('address.state')}
          autoComplete={`${section} address-level1`}
        >
          <option value="">{t('address.statePlaceholder')}</option>
          {BRAZIL_STATES.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </SelectField>
      </div>
    </>
  );
}

type BillingField = 'billingName' | AddressField;

const BILLING_NAMES = {
  zipcode: 'zipcode',
  street: 'street',
  streetNumber: 'streetNumber',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
} as const satisfies Record<AddressField, BillingField>;

/**
 * The billing name and address of the card and PIX forms (spec 2.8). The billing name follows the name
 * typed above it (use-follow-field.ts): one person, one name field. `nameFolded` keeps it behind "Billing name
 * differs" — the form clears it when the billing name itself is refused, so a refused name is never hidden.
 */
export function BillingAddressFieldset({
  register,
  errorText,
  cepForm,
  nameFolded,
}: FieldBinding<BillingField> & { cepForm?: CepForm | undefined; nameFolded?: boolean | undefined }) {
  const { t } = useI18n();
  const [differs, setDiffers] = useState(false);
  const group = useRef<HTMLFieldSetElement>(null);
  const name = register('billingName');
  const open = () => {
    // The field must be in the page before it can take focus.
    flushSync(() => setDiffers(true));
    group.current?.querySelector<HTMLInputElement>(`[name="${name.name}"]`)?.focus();
  };
  return (
    <fieldset className="fieldset" ref={group}>
      <legend>{t('address.billingLegend')}</legend>
      {nameFolded && !differs ? (
        <button
          type="button"
          className="link-button field-stack__action"
          aria-expanded={false}
          onClick={open}
        >
          {t('address.billingNameDiffers')}
        </button>
      ) : (
        <TextField
          {...name}
          label={t('address.billingName')}
          error={errorText('billingName')}
          autoComplete="billing name"
        />
      )}
      <AddressFields
        section="billing"
        names={BILLING_NAMES}
        register={register}
        errorText={errorText}
        cepForm={cepForm}
      />
    </fieldset>
  );
}
