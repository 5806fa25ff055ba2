// The widget follows the app's locale mechanism (spec §2 "App shell", §5 "Locale"): the `locale` option of the UI
// client, else the page's `?locale=` query parameter, else `<html lang>`; matched as the app matches its locale
// (case-insensitive; unknown → en-US; zh with tw → zh-TW, other zh → zh-CN; tlh → Klingon). English ships in
// strings.ts; another locale's catalogue is loaded on demand (catalogues.ts), and a key it lacks stays English.
import { resolveLocale, type Locale } from '@keepsake/wire/locale';
import { CATALOGUES } from './catalogues.ts';
import type { Strings } from './strings.ts';

export { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@keepsake/wire/locale';

/** The supported locale `tag` names, exactly as the app resolves its `?locale=` (spec §5). */
export const matchLocale: (tag: string | null | undefined) => Locale = resolveLocale;

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
