/** Path fragments where the theme is left alone (spec §2 theme rule). */
const THEMEABLE_PATH_FRAGMENTS = ['checkout', 'signin', 'demos', 'admin/tools/theme-preview'] as const;

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** Light is forced on every path except those containing a themeable fragment. */
export function isThemeForcedLight(pathname: string): boolean {
  return !THEMEABLE_PATH_FRAGMENTS.some((fragment) => pathname.includes(fragment));
}

export function resolveTheme(pathname: string, preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (isThemeForcedLight(pathname)) return 'light';
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}
