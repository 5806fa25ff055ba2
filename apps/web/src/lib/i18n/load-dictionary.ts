import enUsUrl from '../../locales/en-US.json?url&no-inline';
import type { Locale } from '../locale/locale-resolution';
import type { Dictionary } from './translate';

/** Dictionaries shipped as JSON assets; other locales fall back to en-US. */
const DICTIONARY_URLS: Partial<Record<Locale, string>> = { 'en-US': enUsUrl };

export type DictionaryLoader = (locale: Locale) => Promise<Dictionary>;

/** Fetches the dictionary of `locale` (lazily, as an asset), or en-US's when it has none. */
export const loadDictionary: DictionaryLoader = async (locale) => {
  const url = DICTIONARY_URLS[locale] ?? enUsUrl;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the ${locale} dictionary`);
  return (await response.json()) as Dictionary;
};
