import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { isLocale, negotiateLocale, type Locale } from '../i18n/locale.ts';
import { CONSOLE_MESSAGES, type ConsoleMessages } from './console-messages.ts';

const STORAGE_KEY = 'console-locale';

interface ConsoleI18n {
  locale: Locale;
  t: ConsoleMessages;
  setLocale(locale: Locale): void;
}

const Context = createContext<ConsoleI18n | null>(null);

function initialLocale(): Locale {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // Storage refused (privacy mode): the browser's languages decide.
  }
  return negotiateLocale(navigator.languages);
}

export function ConsoleI18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const value = useMemo<ConsoleI18n>(
    () => ({
      locale,
      t: CONSOLE_MESSAGES[locale],
      setLocale(next) {
        setLocaleState(next);
        document.documentElement.lang = next;
        try {
          window.localStorage.setItem(STORAGE_KEY, next);
        } catch {
          // Not kept across visits; this one still switches.
        }
      },
    }),
    [locale],
  );
  document.documentElement.lang = locale;
  return <Context value={value}>{children}</Context>;
}

export function useConsoleI18n(): ConsoleI18n {
  const value = useContext(Context);
  if (!value) throw new Error('useConsoleI18n outside ConsoleI18nProvider');
  return value;
}
