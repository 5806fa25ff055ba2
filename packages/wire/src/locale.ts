// Spec §5 "Locale": the supported display languages and how a requested tag maps to one. One home for the app
// (apps/web locale-resolution.ts) and the sign-in widget (packages/auth-ui locale.ts); no zod, so the widget's
// bundle takes only these few lines.

/** The supported locales, en-US first (the default). */
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
 * Case-insensitive match against the supported locales ('FR-fr' → fr-FR). Any `zh…` value is Chinese: traditional
 * when it mentions `tw`, simplified otherwise; `tlh` is Klingon; anything else (a bare 'fr' too) falls back to en-US.
 */
export function resolveLocale(input: string | null | undefined): Locale {
  const value = (input ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (!value) return DEFAULT_LOCALE;
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === value);
  if (exact) return exact;
  if (value.startsWith('zh')) return value.includes('tw') ? 'zh-TW' : 'zh-CN';
  if (value === 'tlh' || value.startsWith('tlh-')) return 'Klingon';
  return DEFAULT_LOCALE;
}
