import { describe, expect, it } from 'vitest';
import { isThemeForcedLight, resolveTheme } from './theme-rule';

describe('isThemeForcedLight', () => {
  it.each(['/', '/console/overview', '/user', '/team', '/admin/tools', '/404'])('forces light on %s', (path) => {
    expect(isThemeForcedLight(path)).toBe(true);
  });

  it.each(['/signin', '/cli-signin', '/checkout/123', '/checkout/0f8fad5b-d9cb-469f-a165-70867728950e', '/demos/widget', '/admin/tools/theme-preview'])(
    'leaves the theme alone on %s',
    (path) => {
      expect(isThemeForcedLight(path)).toBe(false);
    },
  );
});

describe('resolveTheme', () => {
  it('is light on forced paths whatever the preference', () => {
    expect(resolveTheme('/console', 'dark', true)).toBe('light');
  });

  it('follows the preference, then the system, elsewhere', () => {
    expect(resolveTheme('/signin', 'dark', false)).toBe('dark');
    expect(resolveTheme('/signin', 'light', true)).toBe('light');
    expect(resolveTheme('/signin', 'system', true)).toBe('dark');
    expect(resolveTheme('/signin', 'system', false)).toBe('light');
  });

  it('lets the hosted sales page follow a dark preference (issue 14 item 16)', () => {
    expect(resolveTheme('/checkout/0f8fad5b-d9cb-469f-a165-70867728950e', 'system', true)).toBe('dark');
    expect(resolveTheme('/console/collections/0f8fad5b-d9cb-469f-a165-70867728950e/payments', 'system', true)).toBe('light');
  });
});
