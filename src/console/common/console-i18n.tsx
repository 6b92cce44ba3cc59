import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { tabStorage } from '../../lib/safe-storage.ts';
import { isLocale, negotiateLocale, type Locale } from '../../i18n/locale.ts';
import { CONSOLE_MESSAGES, type ConsoleMessages } from './console-messages.ts';

const STORAGE_KEY = 'console-locale';

interface ConsoleI18n {
  locale: Locale;
  t: ConsoleMessages;
  setLocale: (locale: Locale) => void;
}

const Context = createContext<ConsoleI18n | null>(null);

function initialLocale(): Locale {
  // The tab's choice, else the browser's languages (storage refused: the languages decide).
  const saved = tabStorage()?.getItem(STORAGE_KEY);
  if (isLocale(saved)) return saved;
  return negotiateLocale(navigator.languages);
}

export function ConsoleI18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const value = useMemo<ConsoleI18n>(
    () => ({
      locale,
      t: CONSOLE_MESSAGES[locale],
      setLocale: (next) => {
        setLocaleState(next);
        tabStorage()?.setItem(STORAGE_KEY, next);
      },
    }),
    [locale],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <Context value={value}>{children}</Context>;
}

export function useConsoleI18n(): ConsoleI18n {
  const value = useContext(Context);
  if (!value) throw new Error('useConsoleI18n outside ConsoleI18nProvider');
  return value;
}
