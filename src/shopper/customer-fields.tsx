import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useI18n } from '../i18n/i18n-context.tsx';
import { formatPhone } from '../lib/input-masks.ts';
import { formatTaxId } from '../lib/tax-id.ts';
import type { FieldBinding } from '../ui/field-binding.ts';
import { TextField } from '../ui/text-field.tsx';

export type CustomerField = 'customerName' | 'email' | 'taxId' | 'phone';

/**
 * What the session already knew of the customer, filled in by the form: shown folded under its name, not
 * asked again. Without a name there is no "Paying as" to fold under: the known fields are filled and open.
 */
export interface PrefilledCustomer {
  name: string | undefined;
  /** Shown under the name while folded, e.g. the e-mail and a masked CPF. */
  details: readonly string[];
  fields: readonly CustomerField[];
}

interface CustomerFieldsProps extends FieldBinding<CustomerField> {
  prefilled?: PrefilledCustomer | undefined;
  /** The session asks the phone (`collect.phone`); otherwise it shows only a phone the session knows. */
  askPhone?: boolean | undefined;
  /** 3DS: the customer is the cardholder, whose name the card fields ask — not asked twice. */
  nameOnCard?: boolean | undefined;
}

/**
 * The shopper's own details, shared by the 3DS and PIX forms (spec 2.5). What the shop already gave the
 * session is folded into "Paying as Ana Silva · change" — the fields stay in the form (and are sent),
 * they open on "change" or as soon as one of them is refused.
 */
export function CustomerFields({
  register,
  errorText,
  prefilled,
  askPhone,
  nameOnCard,
}: CustomerFieldsProps) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  const [letters, setLetters] = useState(false);
  const group = useRef<HTMLFieldSetElement>(null);
  const open = () => {
    // The fields must be in the page before the first can take focus.
    flushSync(() => setOpened(true));
    group.current?.querySelector('input')?.focus();
  };
  const refused = prefilled?.fields.some((field) => errorText(field) !== undefined) ?? false;
  // Folded under "Paying as" while the shopper has not opened it and nothing in it is refused.
  const foldedName = opened || refused ? undefined : prefilled?.name;
  const known = (field: CustomerField) => prefilled?.fields.includes(field) === true;
  // Not asked: a phone the session does not ask (unless refused) and, with 3DS, the name on the card.
  const unasked = (field: CustomerField) =>
    !known(field) &&
    (field === 'customerName' ? nameOnCard : field === 'phone' && !askPhone && !errorText(field));
  const hidden = (field: CustomerField) => (foldedName !== undefined && known(field)) || unasked(field);
  // Registered in the order shown: react-hook-form focuses the first invalid field in that order.
  const customerName = register('customerName');
  const email = register('email');
  const taxId = register('taxId');
  const phone = register('phone');
  return (
    <fieldset className="fieldset" ref={group}>
      <legend>{t('customer.legend')}</legend>
      {foldedName !== undefined ? (
        <div className="customer-summary">
          <p className="customer-summary__name">
            {t('customer.payingAs', { name: foldedName })}
            {' · '}
            <button type="button" className="link-button" aria-expanded={false} onClick={open}>
              {t('customer.change')}
            </button>
          </p>
          {prefilled?.details.length ? (
            <p className="customer-summary__details">{prefilled.details.join(' · ')}</p>
          ) : null}
        </div>
      ) : null}
      {hidden('customerName') ? null : (
        <TextField
          {...customerName}
          label={t('customer.name')}
          error={errorText('customerName')}
          autoComplete="name"
        />
      )}
      {hidden('email') ? null : (
        <TextField
          {...email}
          label={t('customer.email')}
          error={errorText('email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
      )}
      <div className="field-row field-row--pair">
        {hidden('taxId') ? null : (
          <div className="field-stack">
            <TextField
              {...taxId}
              onChange={(event) => {
                event.target.value = formatTaxId(event.target.value);
                void taxId.onChange(event);
              }}
              label={t('customer.taxId')}
              hint={t('customer.taxIdHint')}
              error={errorText('taxId')}
              // Digits for a CPF and most CNPJs; from July 2026 a CNPJ may hold letters (tax-id.ts).
              inputMode={letters ? 'text' : 'numeric'}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={18}
            />
            {letters ? null : (
              <button
                type="button"
                className="link-button field-stack__action"
                onClick={() => setLetters(true)}
              >
                {t('customer.taxIdLetters')}
              </button>
            )}
          </div>
        )}
        {hidden('phone') ? null : (
          <TextField
            {...phone}
            onChange={(event) => {
              event.target.value = formatPhone(event.target.value);
              void phone.onChange(event);
            }}
            label={t('customer.phone')}
            hint={t('customer.phoneHint')}
            error={errorText('phone')}
            type="tel"
            autoComplete="tel"
          />
        )}
      </div>
    </fieldset>
  );
}
