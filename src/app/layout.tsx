import { Suspense, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { LOCALES, type Locale } from '../i18n/locale.ts';
import { appHref, appPathOf } from '../lib/app-path.ts';
import { servedConfig } from '../lib/served-config.ts';
import { lazyComponent } from '../ui/lazy-component.ts';
import { navigate, useLocation } from './use-location.ts';

const LANGUAGE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português', en: 'English' };

/** A header link that stays in the app (no reload) and keeps the chosen `lang`. */
function HeaderLink({ path, children }: { path: string; children: ReactNode }) {
  const location = useLocation();
  const lang = location.searchParams.get('lang');
  const href = lang ? `${path}?${new URLSearchParams({ lang }).toString()}` : path;
  // The static preview may sit under a folder (src/lib/app-path.ts); elsewhere this is `href` itself.
  const target = import.meta.env.BASE_URL === './' ? appHref(href) : href;
  return (
    <a
      href={target}
      aria-current={location.pathname === path ? 'page' : undefined}
      onClick={(event) => {
        // New tabs and windows are the browser's business.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

function switchLanguage(locale: Locale) {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', locale);
  navigate((import.meta.env.BASE_URL === './' ? appPathOf(url.pathname) : url.pathname) + url.search, {
    replace: true,
  });
}

// Brand colour and support footer: only shops that set them load them (shop-extras.tsx).
const ShopExtras = lazyComponent(() => import('./shop-extras.tsx').then((m) => m.ShopExtras));

/**
 * `shopper` (every page a shopper reaches: the checkout, a payment link, the bank's return): the shop's
 * name, the language and a secure badge — no merchant tools, and no link that would leave the order.
 * `merchant` (the fee simulator): the app's pages.
 */
export function Layout({ children, shopper = false }: { children: ReactNode; shopper?: boolean }) {
  const { t, locale } = useI18n();
  const home = import.meta.env.BASE_URL === './' ? appHref('/') : '/';
  const shop = servedConfig();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="header">
        {shopper ? (
          <>
            <span className="header__brand">
              {shop.logo ? (
                // Sized by the server from the file itself, so nothing moves when it arrives; eager, being in view.
                <img
                  className="header__logo"
                  src={shop.logo.src}
                  width={shop.logo.width}
                  height={shop.logo.height}
                  alt=""
                />
              ) : null}
              <span>{shop.shopName ?? t('app.title')}</span>
            </span>
            {/* Only where the page really is private to the shopper (https, or this machine). */}
            {window.isSecureContext ? (
              <span className="header__secure">
                <span aria-hidden="true">🔒</span>
                <span className="header__secure-text">{t('app.secure')}</span>
              </span>
            ) : null}
          </>
        ) : (
          <>
            <a className="header__brand" href={home}>
              {t('app.title')}
            </a>
            <nav className="header__nav">
              <HeaderLink path="/simulator">{t('app.nav.simulator')}</HeaderLink>
            </nav>
          </>
        )}
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
      {/* Only on a shopper's pages: the simulator keeps the app's own colours. */}
      {shopper && shop.hasExtras ? (
        <Suspense fallback={null}>
          <ShopExtras shopName={shop.shopName} />
        </Suspense>
      ) : null}
    </>
  );
}
