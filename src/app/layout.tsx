import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { LOCALES, type Locale } from '../i18n/locale.ts';
import { navigate } from './use-location.ts';

const LANGUAGE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português', en: 'English' };

function switchLanguage(locale: Locale) {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', locale);
  navigate(url.pathname + url.search, { replace: true });
}

export function Layout({ children }: { children: ReactNode }) {
  const { t, locale } = useI18n();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="header">
        <a className="header__brand" href="/">
          {t('app.title')}
        </a>
        <label className="header__lang">
          <span className="visually-hidden">{t('app.language')}</span>
          <select value={locale} onChange={(event) => switchLanguage(event.target.value as Locale)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
