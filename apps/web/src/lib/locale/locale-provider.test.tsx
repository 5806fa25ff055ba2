import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enUS from '../../locales/en-US.json';
import { allowConsole } from '../../testing/console';
import { useT } from '../i18n/translate-context';
import type { Dictionary } from '../i18n/translate';
import { LocaleProvider, useLocale } from './locale-provider';

function Probe() {
  const t = useT();
  const { locale, currency, isLanguageLoading, isCurrencyLoading, uiConfig } = useLocale();
  return (
    <p>
      {t('nav.signIn')}|{locale}|{currency}|{String(isLanguageLoading)}|{String(isCurrencyLoading)}|{JSON.stringify(uiConfig)}
    </p>
  );
}

function deferred() {
  let resolve: (value: Dictionary) => void = () => {};
  const promise = new Promise<Dictionary>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('LocaleProvider', () => {
  it('throws outside the provider with the hook and provider names', () => {
    allowConsole('error', /useLocale can only be used inside <LocaleProvider>|The above error occurred/);
    expect(() => renderHook(() => useLocale())).toThrow('useLocale can only be used inside <LocaleProvider>');
  });

  it('renders nothing but the fallback until the dictionary has loaded', async () => {
    const dictionary = deferred();
    render(
      <LocaleProvider search="?locale=ko-kr&currency=EUR" loadDictionary={() => dictionary.promise} fallback={<span>loading…</span>}>
        <Probe />
      </LocaleProvider>,
    );
    expect(screen.getByText('loading…')).toBeInTheDocument();
    dictionary.resolve(enUS);
    // Korean has no dictionary yet: en-US text, Korean locale.
    expect(await screen.findByText('Sign In|ko-KR|eur|false|false|null')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ko-KR');
  });

  it('resolves tlh to Klingon and falls back to usd', async () => {
    render(
      <LocaleProvider search="?locale=tlh&currency=btc" loadDictionary={async () => enUS}>
        <Probe />
      </LocaleProvider>,
    );
    expect(await screen.findByText('Sign In|Klingon|usd|false|false|null')).toBeInTheDocument();
  });

  it('reads uiConfig, logging an unparsable one once', async () => {
    allowConsole('error', 'Error parsing uiConfig query param');
    const { unmount } = render(
      <LocaleProvider search="?uiConfig=%7Bbroken" loadDictionary={async () => enUS}>
        <Probe />
      </LocaleProvider>,
    );
    expect(await screen.findByText('Sign In|en-US|usd|false|false|null')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledExactlyOnceWith('Error parsing uiConfig query param');
    unmount();

    render(
      <LocaleProvider search={`?uiConfig=${encodeURIComponent('{"theme":"dark"}')}`} loadDictionary={async () => enUS}>
        <Probe />
      </LocaleProvider>,
    );
    expect(await screen.findByText('Sign In|en-US|usd|false|false|{"theme":"dark"}')).toBeInTheDocument();
  });
});
