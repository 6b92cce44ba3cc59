import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ConsoleLink } from '../../../contract/console/console-links.ts';
import { MAX_INSTALLMENTS, MAX_ITEM_TITLE_LENGTH } from '../../../contract/order-values.ts';
import {
  createPaymentLinkRequestSchema,
  MAX_LINK_PAYMENTS,
  type CreatePaymentLinkRequest,
} from '../../../contract/payment-links/payment-link.ts';
import type { Locale } from '../../i18n/locale.ts';
import { parseMoneyInput } from '../../lib/money-input.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { formatCents } from '../common/console-format.ts';
import { createLink } from './api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';
import { useLinksWords, type LinksMessages } from './links-messages.ts';

function formSchema(w: LinksMessages, locale: Locale) {
  const money = (text: string) => {
    const cents = parseMoneyInput(text, locale);
    return cents !== null && cents > 0 ? cents : null;
  };
  return z
    .object({
      title: z.string().check(z.trim(), z.minLength(1, w.titleRequired), z.maxLength(120, w.titleTooLong)),
      description: z.string().check(z.trim(), z.maxLength(500, w.descriptionTooLong)),
      price: z.enum(['fixed', 'open']),
      amount: z.string(),
      min: z.string(),
      max: z.string(),
      card: z.boolean(),
      pix: z.boolean(),
      installments: z.string(),
      maxPayments: z.string(),
    })
    .check(
      z.refine((v) => v.price !== 'fixed' || money(v.amount) !== null, {
        message: w.amountInvalid,
        path: ['amount'],
      }),
      z.refine((v) => v.price !== 'open' || money(v.min) !== null, {
        message: w.amountInvalid,
        path: ['min'],
      }),
      z.refine((v) => v.price !== 'open' || money(v.max) !== null, {
        message: w.amountInvalid,
        path: ['max'],
      }),
      z.refine((v) => v.price !== 'open' || (money(v.min) ?? 0) <= (money(v.max) ?? Infinity), {
        message: w.minAboveMax,
        path: ['max'],
      }),
      z.refine((v) => v.card || v.pix, { message: w.methodRequired, path: ['card'] }),
      z.refine(
        (v) =>
          v.maxPayments.trim() === '' ||
          (/^\d+$/.test(v.maxPayments.trim()) &&
            Number(v.maxPayments) >= 1 &&
            Number(v.maxPayments) <= MAX_LINK_PAYMENTS),
        { message: w.maxPaymentsInvalid, path: ['maxPayments'] },
      ),
    );
}
type LinkForm = z.infer<ReturnType<typeof formSchema>>;

const DEFAULTS: LinkForm = {
  title: '',
  description: '',
  price: 'fixed',
  amount: '',
  min: '',
  max: '',
  card: true,
  pix: true,
  installments: '1',
  maxPayments: '',
};

/** The form's values as the merchant API's create body (checked again by its schema before it is sent). */
function toRequest(values: LinkForm, locale: Locale): CreatePaymentLinkRequest | undefined {
  const title = values.title.trim();
  const description = values.description.trim();
  const methods = [
    ...(values.card ? (['credit_card'] as const) : []),
    ...(values.pix ? (['pix'] as const) : []),
  ];
  const body = {
    title,
    ...(description ? { description } : {}),
    ...(values.price === 'fixed'
      ? {
          items: [
            {
              title: title.slice(0, MAX_ITEM_TITLE_LENGTH),
              unit_price: parseMoneyInput(values.amount, locale) ?? 0,
              quantity: 1,
              tangible: false,
            },
          ],
        }
      : {
          custom_amount: {
            min: parseMoneyInput(values.min, locale) ?? 0,
            max: parseMoneyInput(values.max, locale) ?? 0,
          },
        }),
    methods,
    ...(values.card ? { max_installments: Number(values.installments) } : {}),
    ...(values.maxPayments.trim() ? { max_payments: Number(values.maxPayments) } : {}),
  };
  const parsed = createPaymentLinkRequestSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** What the shopper's page (/l/{code}) will show, as the merchant types. */
function LinkPreview({ control }: { control: Control<LinkForm> }) {
  const { w, locale } = useLinksWords();
  const values = useWatch({ control }) as Partial<LinkForm>;
  const cents = (text: string | undefined) => {
    const value = parseMoneyInput(text ?? '', locale);
    return value !== null && value > 0 ? formatCents(value, locale) : '—';
  };
  const installments = Number(values.installments ?? '1');
  return (
    <aside className="preview" aria-labelledby="link-preview-title">
      <h3 id="link-preview-title">{w.preview}</h3>
      <div className="preview-page">
        <p className="preview-title">{values.title?.trim() || w.previewUntitled}</p>
        {values.description?.trim() ? <p className="muted">{values.description.trim()}</p> : null}
        <p className="preview-amount">
          {values.price === 'open'
            ? w.previewChoose(cents(values.min), cents(values.max))
            : cents(values.amount)}
        </p>
        <ul className="plain">
          {values.card ? <li>{w.previewInstallments(installments)}</li> : null}
          {values.pix ? <li>{w.methodPix}</li> : null}
        </ul>
        <span className="preview-pay" aria-hidden="true">
          {w.previewPay}
        </span>
      </div>
    </aside>
  );
}

/**
 * The create form: react-hook-form with the zod rules above, the merchant API's create schema before the
 * request, one idempotency key per opened form (a double click or a retry is one link), a live preview.
 */
export function LinkForm({ onDone }: { onDone: (link?: ConsoleLink) => void }) {
  const { w, locale } = useLinksWords();
  const queryClient = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const id = useId();
  const ids = {
    title: `${id}-title`,
    description: `${id}-description`,
    amount: `${id}-amount`,
    min: `${id}-min`,
    max: `${id}-max`,
    installments: `${id}-installments`,
    maxPayments: `${id}-max-payments`,
    card: `${id}-card`,
  };
  const form = useForm<LinkForm>({ resolver: zodResolver(formSchema(w, locale)), defaultValues: DEFAULTS });
  const mutation = useMutation({
    mutationFn: (link: CreatePaymentLinkRequest) => createLink({ idempotency_key: key, link }),
    onSuccess: async (link) => {
      await queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.links });
      onDone(link);
    },
  });
  const price = useWatch({ control: form.control, name: 'price' });
  const card = useWatch({ control: form.control, name: 'card' });
  const { errors } = form.formState;
  const described = (name: keyof typeof ids, hint?: string) => {
    const error = errors[name];
    const list = [hint, error ? `${ids[name]}-error` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': error ? true : undefined, 'aria-describedby': list || undefined };
  };
  const fieldError = (name: keyof typeof ids) => {
    const error = errors[name];
    return error ? (
      <p className="field-error" id={`${ids[name]}-error`}>
        {error.message}
      </p>
    ) : null;
  };
  return (
    <section className="card link-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{w.newLinkTitle}</h2>
      <div className="link-form-grid">
        <form
          noValidate
          onSubmit={(event) => {
            void form.handleSubmit((values) => {
              const body = toRequest(values, locale);
              if (body) mutation.mutate(body);
              else form.setError('title', { message: w.errorGeneric });
            })(event);
          }}
        >
          {mutation.isError ? (
            <p role="alert" className="alert">
              {mutation.error instanceof ConsoleApiError && mutation.error.type !== 'network'
                ? mutation.error.message
                : w.errorNetwork}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor={ids.title}>{w.linkTitle}</label>
            <input
              id={ids.title}
              autoComplete="off"
              maxLength={120}
              {...described('title', `${ids.title}-hint`)}
              {...form.register('title')}
            />
            <p className="hint" id={`${ids.title}-hint`}>
              {w.linkTitleHint}
            </p>
            {fieldError('title')}
          </div>
          <div className="field">
            <label htmlFor={ids.description}>{w.linkDescription}</label>
            <textarea
              id={ids.description}
              rows={2}
              maxLength={500}
              {...described('description')}
              {...form.register('description')}
            />
            {fieldError('description')}
          </div>
          <fieldset className="radio-group">
            <legend>{w.priceKind}</legend>
            <label>
              <input type="radio" value="fixed" {...form.register('price')} /> {w.priceFixed}
            </label>
            <label>
              <input type="radio" value="open" {...form.register('price')} /> {w.priceOpen}
            </label>
          </fieldset>
          {price === 'fixed' ? (
            <div className="field">
              <label htmlFor={ids.amount}>{w.amount}</label>
              <input
                id={ids.amount}
                inputMode="decimal"
                autoComplete="off"
                {...described('amount')}
                {...form.register('amount')}
              />
              {fieldError('amount')}
            </div>
          ) : (
            <div className="field-pair">
              <div className="field">
                <label htmlFor={ids.min}>{w.amountMin}</label>
                <input
                  id={ids.min}
                  inputMode="decimal"
                  autoComplete="off"
                  {...described('min')}
                  {...form.register('min')}
                />
                {fieldError('min')}
              </div>
              <div className="field">
                <label htmlFor={ids.max}>{w.amountMax}</label>
                <input
                  id={ids.max}
                  inputMode="decimal"
                  autoComplete="off"
                  {...described('max')}
                  {...form.register('max')}
                />
                {fieldError('max')}
              </div>
            </div>
          )}
          <fieldset className="radio-group" aria-describedby={errors.card ? `${ids.card}-error` : undefined}>
            <legend>{w.methods}</legend>
            <label>
              <input type="checkbox" {...form.register('card')} /> {w.methodCard}
            </label>
            <label>
              <input type="checkbox" {...form.register('pix')} /> {w.methodPix}
            </label>
            {fieldError('card')}
          </fieldset>
          {card ? (
            <div className="field">
              <label htmlFor={ids.installments}>{w.maxInstallments}</label>
              <select id={ids.installments} {...form.register('installments')}>
                {Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1).map((n) => (
                  <option key={n} value={String(n)}>
                    {n}x
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={ids.maxPayments}>{w.maxPayments}</label>
            <input
              id={ids.maxPayments}
              inputMode="numeric"
              autoComplete="off"
              {...described('maxPayments', `${ids.maxPayments}-hint`)}
              {...form.register('maxPayments')}
            />
            <p className="hint" id={`${ids.maxPayments}-hint`}>
              {w.maxPaymentsHint}
            </p>
            {fieldError('maxPayments')}
          </div>
          <div className="actions">
            <button type="submit" className="button primary" disabled={mutation.isPending}>
              {mutation.isPending ? w.creating : w.createLink}
            </button>
            <button type="button" className="button" disabled={mutation.isPending} onClick={() => onDone()}>
              {w.cancel}
            </button>
          </div>
        </form>
        <LinkPreview control={form.control} />
      </div>
    </section>
  );
}
