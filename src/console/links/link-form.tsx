import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { ConsoleLink } from '../../../contract/console/console-links.ts';
import { MAX_INSTALLMENTS } from '../../../contract/order-values.ts';
import type {
  CreatePaymentLinkRequest,
  PatchPaymentLinkRequest,
} from '../../../contract/payment-links/payment-link.ts';
import type { Locale } from '../../i18n/locale.ts';
import { parseMoneyInput } from '../../lib/money-input.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatCents } from '../common/console-format.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';
import { createLink, linkFormOptionsQuery, linkKeys, patchLink } from './api.ts';
import {
  createBodyOf,
  EMPTY_ITEM,
  fieldOfParameter,
  linkFormSchema,
  NEW_LINK_VALUES,
  patchBodyOf,
  valuesOfLink,
  type LinkFormValues,
} from './link-form-values.ts';
import { useLinksWords } from './links-messages.ts';

type FieldName = Exclude<keyof LinkFormValues, 'items'>;

/** What the shopper's page (/l/{code}) will show, as the merchant types. */
function LinkPreview({ control, locale }: { control: Control<LinkFormValues>; locale: Locale }) {
  const { w } = useLinksWords();
  const values = useWatch({ control }) as Partial<LinkFormValues>;
  const cents = (text: string | undefined) => {
    const value = parseMoneyInput(text ?? '', locale);
    return value !== null && value > 0 ? value : null;
  };
  const shown = (value: number | null) => (value === null ? '—' : formatCents(value, locale));
  const items = values.items ?? [];
  const total =
    items.reduce((sum, item) => sum + (cents(item.price) ?? 0) * (Number(item.quantity) || 0), 0) +
    (parseMoneyInput(values.shipping ?? '', locale) ?? 0);
  const installments = Number(values.installments ?? '1');
  return (
    <aside className="preview" aria-labelledby="link-preview-title">
      <h3 id="link-preview-title">{w.preview}</h3>
      <div className="preview-page">
        <p className="preview-title">{values.title?.trim() || w.previewUntitled}</p>
        {values.description?.trim() ? <p className="muted">{values.description.trim()}</p> : null}
        {values.price === 'items' && items.length > 1 ? (
          <ul className="plain">
            {items.map((item, index) => (
              <li key={index}>
                {item.title.trim() || '—'} × {item.quantity || '—'}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="preview-amount">
          {values.price === 'open'
            ? w.previewChoose(shown(cents(values.min)), shown(cents(values.max)))
            : shown(total > 0 ? total : null)}
        </p>
        <ul className="plain">
          {values.card ? <li>{w.previewInstallments(installments)}</li> : null}
          {values.pix ? <li>{w.methodPix}</li> : null}
          {values.boleto ? <li>{w.methodBoleto}</li> : null}
        </ul>
        <span className="preview-pay" aria-hidden="true">
          {w.previewPay}
        </span>
      </div>
    </aside>
  );
}

/** Labels, hints and errors wired for screen readers: `aria-describedby` names the hint and the error. */
function useFieldWiring(errors: FieldErrors<LinkFormValues>) {
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const errorOf = (name: string): string | undefined => {
    const [first, index, field] = name.split('.');
    if (first === 'items' && index !== undefined && field !== undefined) {
      const entry = errors.items?.[Number(index)] as
        | Record<string, { message?: string } | undefined>
        | undefined;
      return entry?.[field]?.message;
    }
    if (first === 'items') return errors.items?.message ?? errors.items?.root?.message;
    return (errors[first as FieldName] as { message?: string } | undefined)?.message;
  };
  const wiring = (name: string, hint = false) => {
    const message = errorOf(name);
    const described = [hint ? `${idOf(name)}-hint` : undefined, message ? `${idOf(name)}-error` : undefined]
      .filter(Boolean)
      .join(' ');
    return {
      id: idOf(name),
      'aria-invalid': message ? true : undefined,
      'aria-describedby': described || undefined,
    };
  };
  const error = (name: string): ReactNode => {
    const message = errorOf(name);
    return message ? (
      <p className="field-error" id={`${idOf(name)}-error`}>
        {message}
      </p>
    ) : null;
  };
  const hint = (name: string, text: string) => (
    <p className="hint" id={`${idOf(name)}-hint`}>
      {text}
    </p>
  );
  return { idOf, wiring, error, hint };
}

function Check({
  label,
  register,
  disabled,
}: {
  label: string;
  register: UseFormRegisterReturn;
  disabled?: boolean;
}) {
  return (
    <label>
      <input type="checkbox" disabled={disabled} {...register} /> {label}
    </label>
  );
}

/** An edited link's price once it has payments: read, not typed (the server refuses a change anyway). */
function LockedSummary({ link, locale, hintText }: { link: ConsoleLink; locale: Locale; hintText: string }) {
  const { w } = useLinksWords();
  return (
    <section className="locked" aria-labelledby="link-locked-price">
      <h3 id="link-locked-price">{w.priceKind}</h3>
      {link.custom_amount ? (
        <p>
          {w.previewChoose(
            formatCents(link.custom_amount.min, locale),
            formatCents(link.custom_amount.max, locale),
          )}
        </p>
      ) : (
        <ul className="plain">
          {(link.items ?? []).map((item, index) => (
            <li key={index}>
              {item.title} × {item.quantity} · {formatCents(item.unit_price, locale)}
            </li>
          ))}
          {link.shipping_fee ? (
            <li>
              {w.shippingFee}: {formatCents(link.shipping_fee, locale)}
            </li>
          ) : null}
        </ul>
      )}
      <p className="hint">{hintText}</p>
    </section>
  );
}

/** What only a new link sets (the merchant API's PATCH does not change it), shown with how to change it. */
function CreatedSettings({ link }: { link: ConsoleLink }) {
  const { w } = useLinksWords();
  const methodName = (method: string) =>
    method === 'credit_card' ? w.methodCard : method === 'pix' ? w.methodPix : w.methodBoleto;
  return (
    <section className="locked" aria-labelledby="link-created-settings">
      <h3 id="link-created-settings">{w.methods}</h3>
      <ul className="plain">
        <li>{link.methods.map(methodName).join(', ')}</li>
        {link.methods.includes('credit_card') ? (
          <li>
            {w.methodCard}: {w.installmentsUpTo(link.max_installments)}
            {link.three_ds === 'required' ? ` · ${w.threeDs}` : ''}
          </li>
        ) : null}
        {link.boleto?.due_in_business_days ? (
          <li>
            {w.boletoDays}: {link.boleto.due_in_business_days}
          </li>
        ) : null}
        <li>
          {w.collect}:{' '}
          {[link.collect.address !== false ? w.collectAddress : '', link.collect.phone ? w.collectPhone : '']
            .filter(Boolean)
            .join(', ') || '—'}
        </li>
        {link.embed_origins.length ? (
          <li>
            {w.embedOrigins}: {link.embed_origins.join(', ')}
          </li>
        ) : null}
      </ul>
      <p className="hint">{w.setAtCreation}</p>
    </section>
  );
}

/**
 * A link's form, to create one or edit one: react-hook-form with the zod rules of link-form-values.ts, the merchant
 * API's schema before the request, the server's 4xx on the field it names (the values stay as typed), one
 * idempotency key per opened create form (a double click or a retry is one link), a live preview. In an edit,
 * what the API's PATCH does not change is shown read-only, and the price once the link has payments.
 */
export function LinkForm({ link, onDone }: { link?: ConsoleLink; onDone: (link?: ConsoleLink) => void }) {
  const { w, locale } = useLinksWords();
  const queryClient = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const headingId = useId();
  const alertRef = useRef<HTMLParagraphElement>(null);
  const options = useQuery(linkFormOptionsQuery);
  const boletoEnabled = options.data?.boleto_enabled ?? false;
  const editing = link !== undefined;
  const priceLocked = editing && link.payments_count > 0;
  const form = useForm<LinkFormValues>({
    resolver: zodResolver(linkFormSchema(w, locale, link ? valuesOfLink(link, locale).expiresAt : '')),
    defaultValues: link ? valuesOfLink(link, locale) : NEW_LINK_VALUES,
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const mutation = useMutation({
    mutationFn: (body: { create: CreatePaymentLinkRequest } | { patch: PatchPaymentLinkRequest }) =>
      'create' in body
        ? createLink({ idempotency_key: key, link: body.create })
        : patchLink(link?.id ?? '', body.patch),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.links }),
        queryClient.invalidateQueries({ queryKey: linkKeys.detail(saved.id) }),
      ]);
      onDone(saved);
    },
    onError: (error) => {
      // The server's refusal on the field it names; everything typed stays.
      if (!(error instanceof ConsoleApiError)) return;
      const named = fieldOfParameter(error.parameter);
      const message = error.type === 'payment_link_has_payments' ? w.priceLocked : error.message;
      if (named === 'items') form.setError('items', { message });
      else if (named === 'redirect' && form.getValues('after') === 'message')
        form.setError('message', { message });
      else if (named) form.setError(named, { message }, { shouldFocus: true });
    },
  });
  const price = useWatch({ control: form.control, name: 'price' });
  const card = useWatch({ control: form.control, name: 'card' });
  const boleto = useWatch({ control: form.control, name: 'boleto' });
  const after = useWatch({ control: form.control, name: 'after' });
  const { errors } = form.formState;
  const { idOf, wiring, error, hint } = useFieldWiring(errors);

  return (
    <section className="card link-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{link ? w.editLinkTitle(link.title) : w.newLinkTitle}</h2>
      <div className="link-form-grid">
        <form
          noValidate
          onSubmit={(event) => {
            void form.handleSubmit(
              (values) => {
                if (link) {
                  const patch = patchBodyOf(link, values, locale, priceLocked);
                  if (Object.keys(patch).length === 0) onDone(link);
                  else mutation.mutate({ patch });
                  return;
                }
                const body = createBodyOf(values, locale, boletoEnabled);
                if (body) mutation.mutate({ create: body });
                else form.setError('title', { message: w.errorGeneric });
              },
              () => alertRef.current?.focus(),
            )(event);
          }}
        >
          {mutation.isError ? (
            <p role="alert" className="alert">
              {mutation.error instanceof ConsoleApiError && mutation.error.type !== 'network'
                ? mutation.error.type === 'payment_link_has_payments'
                  ? w.priceLocked
                  : mutation.error.message
                : w.errorNetwork}
            </p>
          ) : Object.keys(errors).length > 0 ? (
            <p role="alert" className="alert" tabIndex={-1} ref={alertRef}>
              {w.fixErrors}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor={idOf('title')}>{w.linkTitle}</label>
            <input
              autoComplete="off"
              maxLength={120}
              {...wiring('title', true)}
              {...form.register('title')}
            />
            {hint('title', w.linkTitleHint)}
            {error('title')}
          </div>
          <div className="field">
            <label htmlFor={idOf('description')}>{w.linkDescription}</label>
            <textarea rows={2} maxLength={500} {...wiring('description')} {...form.register('description')} />
            {error('description')}
          </div>

          {priceLocked ? (
            <LockedSummary link={link} locale={locale} hintText={w.priceLocked} />
          ) : (
            <>
              <fieldset className="radio-group">
                <legend>{w.priceKind}</legend>
                <label>
                  <input type="radio" value="items" {...form.register('price')} /> {w.priceFixed}
                </label>
                <label>
                  <input type="radio" value="open" {...form.register('price')} /> {w.priceOpen}
                </label>
              </fieldset>
              {price === 'items' ? (
                <fieldset
                  className="link-items"
                  aria-describedby={errors.items?.root ? `${idOf('items')}-error` : undefined}
                >
                  <legend>{w.items}</legend>
                  {items.fields.map((field, index) => (
                    <div className="link-item" key={field.id}>
                      <div className="field item-title">
                        <label htmlFor={idOf(`items.${index}.title`)}>{w.itemTitle(index + 1)}</label>
                        <input
                          autoComplete="off"
                          maxLength={120}
                          {...wiring(`items.${index}.title`, items.fields.length === 1)}
                          {...form.register(`items.${index}.title`)}
                        />
                        {items.fields.length === 1 ? hint(`items.${index}.title`, w.itemTitleHint) : null}
                        {error(`items.${index}.title`)}
                      </div>
                      <div className="field">
                        <label htmlFor={idOf(`items.${index}.price`)}>{w.itemPrice(index + 1)}</label>
                        <input
                          inputMode="decimal"
                          autoComplete="off"
                          {...wiring(`items.${index}.price`)}
                          {...form.register(`items.${index}.price`)}
                        />
                        {error(`items.${index}.price`)}
                      </div>
                      <div className="field">
                        <label htmlFor={idOf(`items.${index}.quantity`)}>{w.itemQuantity(index + 1)}</label>
                        <input
                          inputMode="numeric"
                          autoComplete="off"
                          {...wiring(`items.${index}.quantity`)}
                          {...form.register(`items.${index}.quantity`)}
                        />
                        {error(`items.${index}.quantity`)}
                      </div>
                      {items.fields.length > 1 ? (
                        <button type="button" className="button" onClick={() => items.remove(index)}>
                          {w.removeItem(index + 1)}
                        </button>
                      ) : null}
                    </div>
                  ))}
                  {error('items')}
                  {items.fields.length >= 100 ? null : (
                    <button type="button" className="button" onClick={() => items.append({ ...EMPTY_ITEM })}>
                      {w.addItem}
                    </button>
                  )}
                  <div className="field">
                    <label htmlFor={idOf('shipping')}>{w.shippingFee}</label>
                    <input
                      inputMode="decimal"
                      autoComplete="off"
                      {...wiring('shipping')}
                      {...form.register('shipping')}
                    />
                    {error('shipping')}
                  </div>
                </fieldset>
              ) : (
                <div className="field-pair">
                  <div className="field">
                    <label htmlFor={idOf('min')}>{w.amountMin}</label>
                    <input
                      inputMode="decimal"
                      autoComplete="off"
                      {...wiring('min')}
                      {...form.register('min')}
                    />
                    {error('min')}
                  </div>
                  <div className="field">
                    <label htmlFor={idOf('max')}>{w.amountMax}</label>
                    <input
                      inputMode="decimal"
                      autoComplete="off"
                      {...wiring('max')}
                      {...form.register('max')}
                    />
                    {error('max')}
                  </div>
                </div>
              )}
            </>
          )}
          {link ? (
            <CreatedSettings link={link} />
          ) : (
            <>
              <fieldset
                className="radio-group"
                aria-describedby={
                  [errors.card ? `${idOf('card')}-error` : '', boletoEnabled ? '' : `${idOf('boleto')}-hint`]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              >
                <legend>{w.methods}</legend>
                <Check label={w.methodCard} register={form.register('card')} />
                <Check label={w.methodPix} register={form.register('pix')} />
                {boletoEnabled || boleto ? (
                  <Check label={w.methodBoleto} register={form.register('boleto')} />
                ) : null}
                {boletoEnabled || options.isPending ? null : hint('boleto', w.boletoOff)}
                {error('card')}
              </fieldset>
              {boleto ? (
                <div className="field">
                  <label htmlFor={idOf('boletoDays')}>{w.boletoDays}</label>
                  <input
                    inputMode="numeric"
                    autoComplete="off"
                    {...wiring('boletoDays')}
                    {...form.register('boletoDays')}
                  />
                  {error('boletoDays')}
                </div>
              ) : null}
              {card ? (
                <>
                  <div className="field">
                    <label htmlFor={idOf('installments')}>{w.maxInstallments}</label>
                    <select {...wiring('installments')} {...form.register('installments')}>
                      {Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1).map((n) => (
                        <option key={n} value={String(n)}>
                          {n}x
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="radio-group">
                    <Check label={w.threeDs} register={form.register('threeDs')} />
                  </div>
                </>
              ) : null}
            </>
          )}
          <div className="field">
            <label htmlFor={idOf('expiresAt')}>{w.expiresAt}</label>
            <input type="datetime-local" {...wiring('expiresAt', true)} {...form.register('expiresAt')} />
            {hint('expiresAt', w.expiresAtHint)}
            {error('expiresAt')}
          </div>
          <div className="field">
            <label htmlFor={idOf('maxPayments')}>{w.maxPayments}</label>
            <input
              inputMode="numeric"
              autoComplete="off"
              {...wiring('maxPayments', true)}
              {...form.register('maxPayments')}
            />
            {hint('maxPayments', w.maxPaymentsHint)}
            {error('maxPayments')}
          </div>

          <fieldset className="radio-group">
            <legend>{w.afterPayment}</legend>
            <label>
              <input type="radio" value="none" {...form.register('after')} /> {w.afterNone}
            </label>
            <label>
              <input type="radio" value="message" {...form.register('after')} /> {w.afterMessage}
            </label>
            <label>
              <input type="radio" value="redirect" {...form.register('after')} /> {w.afterRedirect}
            </label>
          </fieldset>
          {after === 'message' ? (
            <div className="field">
              <label htmlFor={idOf('message')}>{w.afterMessageLabel}</label>
              <textarea rows={2} maxLength={500} {...wiring('message')} {...form.register('message')} />
              {error('message')}
            </div>
          ) : null}
          {after === 'redirect' ? (
            <div className="field">
              <label htmlFor={idOf('redirect')}>{w.afterRedirectLabel}</label>
              <input
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                {...wiring('redirect', true)}
                {...form.register('redirect')}
              />
              {hint('redirect', w.afterRedirectHint)}
              {error('redirect')}
            </div>
          ) : null}

          {link ? null : (
            <>
              <fieldset className="radio-group">
                <legend>{w.collect}</legend>
                <Check label={w.collectAddress} register={form.register('collectAddress')} />
                <Check label={w.collectPhone} register={form.register('collectPhone')} />
              </fieldset>
              <div className="field">
                <label htmlFor={idOf('origins')}>{w.embedOrigins}</label>
                <textarea
                  rows={2}
                  spellCheck={false}
                  {...wiring('origins', true)}
                  {...form.register('origins')}
                />
                {hint('origins', w.embedOriginsHint)}
                {error('origins')}
              </div>
            </>
          )}
          <div className="actions">
            <button type="submit" className="button primary" disabled={mutation.isPending}>
              {editing
                ? mutation.isPending
                  ? w.saving
                  : w.save
                : mutation.isPending
                  ? w.creating
                  : w.createLink}
            </button>
            <button type="button" className="button" disabled={mutation.isPending} onClick={() => onDone()}>
              {w.cancel}
            </button>
          </div>
        </form>
        <LinkPreview control={form.control} locale={locale} />
      </div>
    </section>
  );
}
