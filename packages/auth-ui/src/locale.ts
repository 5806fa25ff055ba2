// The widget follows the app's locale mechanism (spec §2 "App shell", §5 "Locale"): the `locale` option of the UI
// client, else the page's `?locale=` query parameter, else `<html lang>`; matched as the app matches its locale
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
 * The supported locale `tag` names, as the app resolves its `?locale=` (apps/web locale-resolution.ts): an exact
 * match in any case ('FR-fr' → fr-FR); zh… is zh-TW when it mentions tw, else zh-CN; tlh is Klingon; anything
 * else (including a bare language such as 'fr') is en-US.
 */
export function matchLocale(tag: string | null | undefined): Locale {
  const wanted = `${tag ?? ''}`.toLowerCase().replace('_', '-');
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  if (wanted.startsWith('zh')) return wanted.includes('tw') ? 'zh-TW' : 'zh-CN';
  return wanted === 'tlh' || wanted.startsWith('tlh-') ? 'Klingon' : DEFAULT_LOCALE;
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
