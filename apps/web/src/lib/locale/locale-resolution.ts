/** Spec §5: supported display languages and currencies, and how query values map to them. */

import { DEFAULT_LOCALE, resolveLocale, SUPPORTED_LOCALES, type Locale } from '@keepsake/wire/locale';

export { DEFAULT_LOCALE, resolveLocale, SUPPORTED_LOCALES, type Locale };

export const SUPPORTED_CURRENCIES = ['usd', 'eur', 'aud', 'gbp', 'jpy', 'sgd', 'hkd', 'krw', 'inr', 'vnd'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'usd';

export function isSupportedCurrency(input: string | null | undefined): input is Currency {
  return SUPPORTED_CURRENCIES.includes((input ?? '') as Currency);
}

/** Case-insensitive; an unsupported currency falls back to usd. */
export function resolveCurrency(input: string | null | undefined): Currency {
  const value = (input ?? '').trim().toLowerCase();
  return isSupportedCurrency(value) ? value : DEFAULT_CURRENCY;
}

/** A currency change applies only when the new value is supported. */
export function applyCurrencyChange(current: Currency, next: string | null | undefined): Currency {
  const value = (next ?? '').trim().toLowerCase();
  return isSupportedCurrency(value) ? value : current;
}

/** The BCP 47 tag for `lang` attributes, `Intl` and i18next. */
export function languageTag(locale: Locale): string {
  return locale === 'Klingon' ? 'tlh' : locale;
}

export type UiConfig = Record<string, unknown>;

/**
 * Parses the `uiConfig` query parameter (a JSON object). A value that is not
 * valid JSON is logged to the console only and ignored.
 */
export function parseUiConfig(raw: string | null | undefined): UiConfig | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    console.error('Error parsing uiConfig query param');
    return null;
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as UiConfig) : null;
}

export type QueryPreferences = { locale: Locale; currency: Currency; uiConfig: UiConfig | null };

/** Reads `locale`, `currency` and `uiConfig` from a query string. */
export function readQueryPreferences(search: string): QueryPreferences {
  const params = new URLSearchParams(search);
  return {
    locale: resolveLocale(params.get('locale')),
    currency: resolveCurrency(params.get('currency')),
    uiConfig: parseUiConfig(params.get('uiConfig')),
  };
}
