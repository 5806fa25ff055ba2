import type enUS from '../../locales/en-US.json';

/** Keys of the en-US dictionary, the reference every locale follows. */
export type MessageKey = keyof typeof enUS;
export type Dictionary = Record<string, string>;
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: TranslateVars) => string;

/** Replaces `{{name}}` placeholders (i18next's syntax) with `vars`. */
export function interpolate(template: string, vars?: TranslateVars): string {
  if (!vars) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : match));
}

/**
 * A translate function straight over a dictionary. The marketing entry uses it
 * so that it does not ship i18next (see `app/marketing-entry.tsx`).
 */
export function createTranslate(dictionary: Dictionary): Translate {
  return (key, vars) => interpolate(dictionary[key] ?? key, vars);
}
