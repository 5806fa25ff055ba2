// The widget follows the app's locale mechanism (spec §2 "App shell", §5 "Locale"): the `locale` option of the UI
// client, else the page's `?locale=` query parameter, else `<html lang>`; matched against the supported locales
// (case-insensitive; unknown → en-US; zh with tw → zh-TW, other zh → zh-CN; tlh → Klingon). English ships in
// strings.ts; another locale's catalogue is loaded on demand (catalogues.ts), and a key it lacks stays English.
import { CATALOGUES } from './catalogues.ts';
import type { Strings } from './strings.ts';

/** Spec §5: the supported locales, en-US first (the default). */
export const SUPPORTED_LOCALES = [
  'en-US',
  'es-ES',
  'ko-KR',
  'fr-FR',
  'de-DE',
  'it-IT',
  'ja-JP',
  'pt-PT',
  'ru-RU',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'vi-VN',
  'zh-CN',
  'zh-TW',
  'Klingon',
] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/**
 * The supported locale `tag` names: an exact match in any case ('FR-fr' → fr-FR), else by language ('fr',
 * 'fr-CA' → fr-FR); zh is zh-TW when the tag mentions tw, else zh-CN; tlh is Klingon; anything else en-US.
 */
export function matchLocale(tag: string | null | undefined): Locale {
  const wanted = `${tag ?? ''}`.toLowerCase().replace('_', '-');
  const language = wanted.split('-')[0]!;
  if (language === 'tlh') return 'Klingon';
  if (language === 'zh') return wanted.includes('tw') ? 'zh-TW' : 'zh-CN';
  const named = (test: (locale: string) => boolean) => SUPPORTED_LOCALES.find((locale) => test(locale.toLowerCase()));
  return named((locale) => locale === wanted) ?? named((locale) => language !== '' && locale.startsWith(`${language}-`)) ?? DEFAULT_LOCALE;
}

/** The page's locale: its `?locale=` query parameter, else `<html lang>` (nothing outside a browser). */
export function pageLocale(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return new URLSearchParams(location.search).get('locale') ?? (document.documentElement.lang || undefined);
}

/**
 * The strings of `locale` on top of English: nothing to load for English or a locale without a catalogue; else a
 * promise of its catalogue (an empty one when it fails to load: the widget then shows English).
 */
export function loadCatalogue(locale: Locale, catalogues = CATALOGUES): Strings | Promise<Strings> {
  return (
    catalogues[locale]?.().then(
      (module) => module.default,
      () => ({}),
    ) ?? {}
  );
}
