import i18next from 'i18next';
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, languageTag } from '../locale/locale-resolution';
import type { Locale } from '../locale/locale-resolution';
import type { Dictionary } from './translate';

/**
 * An i18next instance for `locale`. Only en-US has a dictionary for now; every
 * other locale falls back to it while the app keeps the resolved locale.
 */
export async function createI18n(locale: Locale, dictionary: Dictionary): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: languageTag(locale),
    fallbackLng: DEFAULT_LOCALE,
    resources: { [DEFAULT_LOCALE]: { translation: dictionary } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
