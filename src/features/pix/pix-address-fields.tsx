import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { BRAZIL_STATES } from '../../lib/brazil-states.ts';

type AddressPart = 'zipcode' | 'street' | 'number' | 'neighborhood' | 'city' | 'state';

interface PixAddressFieldsProps {
  /** The autocomplete section, so browsers fill billing and delivery from the right address. */
  section: 'billing' | 'shipping';
  registrations: Partial<Record<AddressPart, UseFormRegisterReturn>>;
  /** Already translated. */
  errors: Partial<Record<AddressPart, string | undefined>>;
}

/** CEP, street and number, neighbourhood (when asked), city and state. */
export function PixAddressFields({ section, registrations: r, errors }: PixAddressFieldsProps) {
  const { t } = useI18n();
  return (
    <>
      {r.zipcode ? (
        <TextField
          {...r.zipcode}
          className="field--medium"
          label={t('pix.zipcode')}
          hint={t('pix.zipcodeHint')}
          error={errors.zipcode}
          autoComplete={`${section} postal-code`}
          inputMode="numeric"
          maxLength={9}
        />
      ) : null}
      <div className="field-row">
        {r.street ? (
          <TextField
            {...r.street}
            className="field--grow"
            label={t('pix.street')}
            error={errors.street}
            autoComplete={`${section} address-line1`}
          />
        ) : null}
        {r.number ? (
          <TextField
            {...r.number}
            className="field--short"
            label={t('pix.streetNumber')}
            error={errors.number}
            autoComplete={`${section} address-line2`}
          />
        ) : null}
      </div>
      {r.neighborhood ? (
        <TextField
          {...r.neighborhood}
          label={t('pix.neighborhood')}
          error={errors.neighborhood}
          autoComplete={`${section} address-level3`}
        />
      ) : null}
      <div className="field-row">
        {r.city ? (
          <TextField
            {...r.city}
            className="field--grow"
            label={t('pix.city')}
            error={errors.city}
            autoComplete={`${section} address-level2`}
          />
        ) : null}
        {r.state ? (
          <SelectField
            {...r.state}
            className="field--short"
            label={t('pix.state')}
            error={errors.state}
            autoComplete={`${section} address-level1`}
          >
            <option value="">{t('pix.statePlaceholder')}</option>
            {BRAZIL_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
    </>
  );
}
