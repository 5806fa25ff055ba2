import { describe, expect, it, vi } from 'vitest';
import { allowConsole } from '../../testing/console';
import { SUPPORTED_LOCALES, applyCurrencyChange, languageTag, parseUiConfig, readQueryPreferences, resolveCurrency, resolveLocale } from './locale-resolution';

describe('resolveLocale', () => {
  it('defaults to en-US', () => {
    expect(resolveLocale(undefined)).toBe('en-US');
    expect(resolveLocale(null)).toBe('en-US');
    expect(resolveLocale('')).toBe('en-US');
  });

  it('accepts every supported locale, case-insensitively', () => {
    for (const locale of SUPPORTED_LOCALES) {
      expect(resolveLocale(locale)).toBe(locale);
      expect(resolveLocale(locale.toUpperCase())).toBe(locale);
      expect(resolveLocale(locale.toLowerCase())).toBe(locale);
    }
  });

  it('maps Chinese variants', () => {
    expect(resolveLocale('zh')).toBe('zh-CN');
    expect(resolveLocale('zh-Hans')).toBe('zh-CN');
    expect(resolveLocale('zh-tw')).toBe('zh-TW');
    expect(resolveLocale('ZH_TW')).toBe('zh-TW');
    expect(resolveLocale('zh-Hant-TW')).toBe('zh-TW');
  });

  it('maps tlh to Klingon', () => {
    expect(resolveLocale('tlh')).toBe('Klingon');
    expect(resolveLocale('TLH')).toBe('Klingon');
    expect(languageTag('Klingon')).toBe('tlh');
  });

  it('falls back to en-US for unknown values', () => {
    expect(resolveLocale('xx-YY')).toBe('en-US');
    expect(resolveLocale('en-GB')).toBe('en-US');
    expect(resolveLocale('klingonese')).toBe('en-US');
  });
});

describe('currency', () => {
  it('resolves supported currencies and falls back to usd', () => {
    expect(resolveCurrency('EUR')).toBe('eur');
    expect(resolveCurrency('vnd')).toBe('vnd');
    expect(resolveCurrency('btc')).toBe('usd');
    expect(resolveCurrency(null)).toBe('usd');
  });

  it('applies a change only when the new currency is valid', () => {
    expect(applyCurrencyChange('eur', 'gbp')).toBe('gbp');
    expect(applyCurrencyChange('eur', 'JPY')).toBe('jpy');
    expect(applyCurrencyChange('eur', 'doge')).toBe('eur');
    expect(applyCurrencyChange('eur', undefined)).toBe('eur');
  });
});

describe('parseUiConfig', () => {
  it('parses a JSON object', () => {
    expect(parseUiConfig('{"colors":{"accent":"#fff"}}')).toEqual({ colors: { accent: '#fff' } });
    expect(parseUiConfig(null)).toBeNull();
    expect(parseUiConfig('[1]')).toBeNull();
  });

  it('logs exactly one console error and ignores invalid JSON', () => {
    allowConsole('error', 'Error parsing uiConfig query param');
    expect(parseUiConfig('{not json')).toBeNull();
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith('Error parsing uiConfig query param');
  });

  it('does not log for valid JSON', () => {
    parseUiConfig('{}');
    expect(vi.mocked(console.error)).not.toHaveBeenCalled();
  });
});

describe('readQueryPreferences', () => {
  it('reads locale, currency and uiConfig from the query string', () => {
    expect(readQueryPreferences('?locale=fr-fr&currency=GBP&uiConfig=%7B%22a%22%3A1%7D')).toEqual({
      locale: 'fr-FR',
      currency: 'gbp',
      uiConfig: { a: 1 },
    });
    expect(readQueryPreferences('')).toEqual({ locale: 'en-US', currency: 'usd', uiConfig: null });
  });
});
