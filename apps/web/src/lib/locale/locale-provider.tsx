import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createI18n } from '../i18n/i18n';
import { loadDictionary as defaultLoadDictionary } from '../i18n/load-dictionary';
import type { DictionaryLoader } from '../i18n/load-dictionary';
import { TranslateProvider } from '../i18n/translate-context';
import type { Translate } from '../i18n/translate';
import { applyCurrencyChange, languageTag, readQueryPreferences, resolveLocale } from './locale-resolution';
import type { Currency, Locale, UiConfig } from './locale-resolution';

export type LocaleContextValue = {
  locale: Locale;
  currency: Currency;
  isLanguageLoading: boolean;
  isCurrencyLoading: boolean;
  uiConfig: UiConfig | null;
  /** Switches language; unknown values resolve to en-US. */
  setLocale: (locale: string) => void;
  /** Switches currency, only when the new one is supported. */
  setCurrency: (currency: string) => void;
};

const LocaleContext = createContext<LocaleContextValue | null>(null);

function I18nBridge({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const translate = useCallback<Translate>((key, vars) => (t as unknown as (key: string, vars?: object) => string)(key, vars), [t]);
  return <TranslateProvider t={translate}>{children}</TranslateProvider>;
}

type LocaleProviderProps = {
  children: ReactNode;
  /** The query string read on load; defaults to the page's. */
  search?: string;
  loadDictionary?: DictionaryLoader;
  /** Shown until the first dictionary has loaded. */
  fallback?: ReactNode;
};

/**
 * Reads `locale`, `currency` and `uiConfig` from the query string once, loads the
 * dictionary lazily and renders nothing but `fallback` until it has loaded.
 */
export function LocaleProvider({ children, search, loadDictionary = defaultLoadDictionary, fallback = null }: LocaleProviderProps) {
  const [initial] = useState(() => readQueryPreferences(search ?? window.location.search));
  const [locale, setLocaleState] = useState<Locale>(initial.locale);
  const [currency, setCurrencyState] = useState<Currency>(initial.currency);
  const [loaded, setLoaded] = useState<{ locale: Locale; instance: i18n } | null>(null);
  const [failure, setFailure] = useState<{ locale: Locale; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadDictionary(locale)
      .then((dictionary) => createI18n(locale, dictionary))
      .then(
        (instance) => {
          if (cancelled) return;
          document.documentElement.lang = languageTag(locale);
          setLoaded({ locale, instance });
        },
        () => {
          if (!cancelled) setFailure({ locale, attempt });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [locale, loadDictionary, attempt]);

  const instance = loaded?.instance ?? null;
  const isLanguageLoading = loaded?.locale !== locale;
  const failed = failure?.locale === locale && failure.attempt === attempt;
  // Currencies need nothing loaded yet (no rates): ready once the first dictionary is.
  const isCurrencyLoading = loaded === null;

  const setLocale = useCallback((next: string) => setLocaleState(resolveLocale(next)), []);
  const setCurrency = useCallback((next: string) => setCurrencyState((current) => applyCurrencyChange(current, next)), []);

  const value = useMemo<LocaleContextValue>(
    () => ({ locale, currency, isLanguageLoading, isCurrencyLoading, uiConfig: initial.uiConfig, setLocale, setCurrency }),
    [locale, currency, isLanguageLoading, isCurrencyLoading, initial.uiConfig, setLocale, setCurrency],
  );

  if (!instance) {
    if (failed) {
      return (
        <div role="alert" className="p-8 text-center">
          <p>Could not load this page.</p>
          <button type="button" className="mt-2 underline" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      );
    }
    return <LocaleContext.Provider value={value}>{fallback}</LocaleContext.Provider>;
  }

  return (
    <LocaleContext.Provider value={value}>
      <I18nextProvider i18n={instance}>
        <I18nBridge>{children}</I18nBridge>
      </I18nextProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const context = useContext(LocaleContext);
  if (!context) throw new Error('useLocale can only be used inside <LocaleProvider>');
  return context;
}
