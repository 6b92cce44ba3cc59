import { createContext, use, useMemo, type ReactNode } from 'react';
import type { Locale } from './locale.ts';
import { translate, type MessageKey, type MessageParams } from './messages.ts';

export interface I18n {
  locale: Locale;
  t: (key: MessageKey, params?: MessageParams) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo<I18n>(
    () => ({ locale, t: (key, params) => translate(locale, key, params) }),
    [locale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const value = use(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider above it');
  return value;
}
