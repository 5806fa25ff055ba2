import { createContext, useContext, useLayoutEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { resolveTheme } from './theme-rule';
import type { ThemePreference } from './theme-rule';

type ThemeContextValue = { theme: ThemePreference; setTheme: (theme: ThemePreference) => void };

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children, initialTheme = 'system' }: { children: ReactNode; initialTheme?: ThemePreference }) {
  const [theme, setTheme] = useState<ThemePreference>(initialTheme);
  const value = useMemo(() => ({ theme, setTheme }), [theme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('theme context must be used within ThemeProvider');
  return context;
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies the theme rule for `pathname` to `<html data-theme>`; call it on every navigation. */
export function useThemeRule(pathname: string): void {
  const { theme } = useTheme();
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = resolveTheme(pathname, theme, prefersDark());
  }, [pathname, theme]);
}
