import { render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsole } from '../../testing/console';
import { ThemeProvider, useTheme, useThemeRule } from './theme-provider';

function Probe({ path }: { path: string }) {
  useThemeRule(path);
  return null;
}

describe('ThemeProvider', () => {
  it('throws outside the provider', () => {
    allowConsole('error', /theme context must be used within ThemeProvider|The above error occurred/);
    expect(() => renderHook(() => useTheme())).toThrow('theme context must be used within ThemeProvider');
  });

  it('sets data-theme on every navigation', () => {
    const { rerender } = render(
      <ThemeProvider initialTheme="dark">
        <Probe path="/signin" />
      </ThemeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('dark');
    rerender(
      <ThemeProvider initialTheme="dark">
        <Probe path="/console/overview" />
      </ThemeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
