import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { SHOP_LOGO_MAX_BYTES, type ConsoleShopIdentity } from '../../../contract/console/console-shop.ts';
import { brandColorSchema, shopNameSchema, supportContactSchema } from '../../../contract/shop-identity.ts';
import { LOCALES } from '../../i18n/locale.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { useConsoleI18n } from '../common/console-i18n.tsx';
import { ME_QUERY } from '../common/use-me.ts';
import { removeShopLogo, saveShopIdentity, shopQuery, uploadShopLogo } from './api.ts';
import { useSettingsWords, type SettingsMessages } from './settings-messages.ts';

/** Empty is "the SHOP_* setting": checked only when typed. */
const emptyOr = (schema: z.ZodMiniType<string>, message: string) =>
  z.string().check(z.refine((value) => value.trim() === '' || schema.safeParse(value).success, message));

function shopSchema(m: SettingsMessages) {
  return z.object({
    name: emptyOr(shopNameSchema, m.shopNameInvalid),
    brand_color: emptyOr(brandColorSchema, m.shopColorInvalid),
    support: emptyOr(supportContactSchema, m.shopSupportInvalid),
    default_locale: z.enum(LOCALES),
  });
}
type ShopForm = z.infer<ReturnType<typeof shopSchema>>;

const formOf = (shop: ConsoleShopIdentity): ShopForm => ({
  name: shop.name ?? '',
  brand_color: shop.brand_color ?? '',
  support: shop.support ?? '',
  default_locale: shop.default_locale,
});
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Settings → Shop: name, brand colour, support contact, default language and logo, as the shopper's pages
 * show them. Everyone sees it; owners change it (the server refuses anyone else).
 */
export function ShopSection({ owner }: { owner: boolean }) {
  const { m } = useSettingsWords();
  const shop = useQuery(shopQuery());
  return (
    <section aria-labelledby="shop-title" className="settings-section">
      <h2 id="shop-title">{m.shopTitle}</h2>
      <p>{m.shopIntro}</p>
      {shop.data ? <ShopForms shop={shop.data} owner={owner} /> : null}
    </section>
  );
}

function ShopForms({ shop, owner }: { shop: ConsoleShopIdentity; owner: boolean }) {
  const { m } = useSettingsWords();
  const { t } = useConsoleI18n();
  const id = useId();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [logoError, setLogoError] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const form = useForm<ShopForm>({ resolver: zodResolver(shopSchema(m)), defaultValues: formOf(shop) });
  const applied = (next: ConsoleShopIdentity, text: string) => {
    queryClient.setQueryData(shopQuery().queryKey, next);
    // The header's logo and name follow: they come with who is logged in.
    void queryClient.invalidateQueries({ queryKey: ME_QUERY });
    setNotice(text);
  };
  const save = useMutation({
    mutationFn: (values: ShopForm) =>
      saveShopIdentity({
        name: orNull(values.name),
        brand_color: orNull(values.brand_color),
        support: orNull(values.support),
        default_locale: values.default_locale,
      }),
    onSuccess: (next) => {
      form.reset(formOf(next));
      applied(next, m.shopSaved);
    },
    onError: (error) => {
      const field = error instanceof ConsoleApiError ? error.parameter : null;
      if (field === 'name' || field === 'brand_color' || field === 'support')
        form.setError(field, { message: error.message }, { shouldFocus: true });
    },
  });
  const logo = useMutation({
    mutationFn: (file: File | null) => (file ? uploadShopLogo(file) : removeShopLogo()),
    onSuccess: (next, file) => {
      setLogoError('');
      if (fileRef.current) fileRef.current.value = '';
      applied(next, file ? m.shopLogoSaved : m.shopLogoRemoved);
    },
    onError: (error) =>
      setLogoError(
        error instanceof ConsoleApiError && error.status >= 400 && error.status < 500
          ? m.shopLogoRefused
          : t.errorNetwork,
      ),
  });
  useEffect(() => {
    if (logoError) fileRef.current?.focus();
  }, [logoError]);
  const { errors } = form.formState;
  const field = (
    name: 'name' | 'brand_color' | 'support',
    label: string,
    hint: string,
    extra: { type?: string; autoComplete?: string; inputMode?: 'email' | 'url' | 'text' } = {},
  ) => {
    const error = errors[name]?.message;
    const described = [`${id}-${name}-hint`, error ? `${id}-${name}-error` : undefined].filter(Boolean);
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type={extra.type ?? 'text'}
          autoComplete={extra.autoComplete ?? 'off'}
          spellCheck={false}
          readOnly={!owner}
          aria-invalid={error ? true : undefined}
          aria-describedby={described.join(' ')}
          {...form.register(name)}
        />
        <p className="hint" id={`${id}-${name}-hint`}>
          {hint}
        </p>
        {error ? (
          <p className="field-error" id={`${id}-${name}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const shown = shop.brand_color_shown;
  const darkened = shown !== null && shop.brand_color !== null && shown !== shop.brand_color.toLowerCase();

  return (
    <>
      <div role="status" aria-live="polite" className={notice ? 'notice' : 'visually-hidden'}>
        {notice}
      </div>
      {owner ? null : <p className="hint">{m.shopReadOnly}</p>}
      <form
        className="card inline-form account-form"
        aria-labelledby="shop-title"
        noValidate
        onSubmit={(event) => {
          setNotice('');
          void form.handleSubmit((values) => save.mutate(values))(event);
        }}
      >
        {save.isError && !(save.error instanceof ConsoleApiError && save.error.parameter) ? (
          <p role="alert" className="alert">
            {save.error instanceof ConsoleApiError && save.error.type !== 'network'
              ? save.error.message
              : t.errorNetwork}
          </p>
        ) : null}
        {field('name', m.shopName, m.shopNameHint(shop.defaults.name), { autoComplete: 'organization' })}
        {field('brand_color', m.shopColor, m.shopColorHint)}
        {darkened ? <p className="hint">{m.shopColorDarkened(shown)}</p> : null}
        {field('support', m.shopSupport, m.shopSupportHint, { inputMode: 'email' })}
        <div className="field">
          <label htmlFor={`${id}-locale`}>{m.shopLocale}</label>
          <select
            id={`${id}-locale`}
            disabled={!owner}
            aria-describedby={`${id}-locale-hint`}
            {...form.register('default_locale')}
          >
            {LOCALES.map((value) => (
              <option key={value} value={value} lang={value}>
                {value === 'pt-BR' ? 'Português (Brasil)' : 'English'}
              </option>
            ))}
          </select>
          <p className="hint" id={`${id}-locale-hint`}>
            {m.shopLocaleHint}
          </p>
        </div>
        {owner ? (
          <div className="actions">
            <button type="submit" className="button primary" disabled={save.isPending}>
              {save.isPending ? m.working : m.shopSave}
            </button>
          </div>
        ) : null}
      </form>

      <div className="card inline-form account-form">
        <h3 id={`${id}-logo-title`}>{m.shopLogo}</h3>
        {shop.logo ? (
          <img
            className="shop-logo-preview"
            src={shop.logo.src}
            width={shop.logo.width}
            height={shop.logo.height}
            alt={m.shopLogo}
          />
        ) : (
          <p>{m.shopLogoNone}</p>
        )}
        {shop.logo && !shop.logo_set ? <p className="hint">{m.shopLogoFromSettings}</p> : null}
        {owner ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-logo`}>{m.shopLogoUpload}</label>
              <input
                ref={fileRef}
                id={`${id}-logo`}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-invalid={logoError ? true : undefined}
                aria-describedby={`${id}-logo-hint${logoError ? ` ${id}-logo-error` : ''}`}
                disabled={logo.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (!file) return;
                  setNotice('');
                  // Said at once, without sending 64 kB for nothing; the server checks again.
                  if (file.size > SHOP_LOGO_MAX_BYTES) {
                    setLogoError(m.shopLogoTooBig(Math.ceil(file.size / 1024)));
                    return;
                  }
                  logo.mutate(file);
                }}
              />
              <p className="hint" id={`${id}-logo-hint`}>
                {m.shopLogoHint}
              </p>
              {logoError ? (
                <p className="field-error" id={`${id}-logo-error`}>
                  {logoError}
                </p>
              ) : null}
            </div>
            {shop.logo_set ? (
              <div className="actions">
                <button
                  type="button"
                  className="button"
                  disabled={logo.isPending}
                  onClick={() => {
                    setNotice('');
                    logo.mutate(null);
                  }}
                >
                  {m.shopLogoRemove}
                </button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
