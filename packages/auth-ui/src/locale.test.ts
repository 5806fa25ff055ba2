// The widget's locale (spec §5 "Locale"): matching, the page's locale, and a non-English catalogue loaded on
// demand before anything renders, with English for its missing keys and English when it fails to load.
import { screen } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUIClient, Products } from './index.ts';
import { matchLocale, pageLocale } from './locale.ts';
import { otpUI } from './products/otp/index.ts';
import { clearPage, pageElement, publicToken, stubNetwork } from './testing.ts';

const loaders = vi.hoisted(() => ({
  french: vi.fn(() => import('./locale-testing/fr-FR.ts')),
  german: vi.fn(() => Promise.reject(new Error('chunk failed to load'))),
}));
vi.mock('./catalogues.ts', () => ({ CATALOGUES: { 'fr-FR': loaders.french, 'de-DE': loaders.german } }));

const emailOtp = { products: [Products.otp], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('lang');
});

describe('matchLocale (spec §5)', () => {
  it.each([
    ['en-US', 'en-US'],
    ['FR-fr', 'fr-FR'],
    ['ja-jp', 'ja-JP'],
    ['fr', 'en-US'],
    ['pt-BR', 'en-US'],
    ['en_GB', 'en-US'],
    ['es_es', 'es-ES'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['tlh', 'Klingon'],
    ['tlh-Latn', 'Klingon'],
    ['KLINGON', 'Klingon'],
    ['xx-YY', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });
});

describe('the page locale', () => {
  it('is the ?locale= query parameter, else <html lang>, else none', () => {
    expect(pageLocale()).toBeUndefined();
    document.documentElement.lang = 'ko-KR';
    expect(pageLocale()).toBe('ko-KR');
    window.history.replaceState(null, '', '/signin?locale=zh-tw');
    expect(pageLocale()).toBe('zh-tw');
  });

  it('sets the client locale when the option is absent; the option wins', () => {
    stubNetwork();
    window.history.replaceState(null, '', '/?locale=TLH');
    expect(createUIClient(publicToken(), { products: [otpUI], telemetry: false }).locale).toBe('Klingon');
    expect(createUIClient(publicToken(), { products: [otpUI], telemetry: false, locale: 'es-es' }).locale).toBe('es-ES');
  });
});

describe('catalogues', () => {
  it('English loads nothing and renders at once', () => {
    stubNetwork();
    const client = createUIClient(publicToken(), { products: [otpUI], telemetry: false, locale: 'en-US' });
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(loaders.french).not.toHaveBeenCalled();
  });

  it('loads only the chosen locale, renders nothing until it is there, then its strings with English for the rest', async () => {
    stubNetwork();
    const client = createUIClient(publicToken(), { products: [otpUI], telemetry: false, locale: 'fr-fr', strings: { 'main.email.label': 'Courriel' } });
    expect(loaders.french).toHaveBeenCalledTimes(1);
    expect(loaders.german).not.toHaveBeenCalled();
    const element = pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    expect(element.querySelector('.ks-widget')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Inscrivez-vous ou connectez-vous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeTruthy();
    expect(screen.getByLabelText('Courriel')).toBeTruthy(); // the strings option on top of the catalogue
    expect(screen.getByPlaceholderText('example@email.com')).toBeTruthy(); // a key the catalogue lacks
    // A second mount reuses the loaded catalogue.
    client.mountLogin({ elementId: '#login', config: { ...emailOtp } });
    expect(loaders.french).toHaveBeenCalledTimes(1);
  });

  it('shows English when the catalogue fails to load', async () => {
    stubNetwork();
    const client = createUIClient(publicToken(), { products: [otpUI], telemetry: false, locale: 'de-DE' });
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(loaders.german).toHaveBeenCalledTimes(1);
  });

  it('a supported locale without a catalogue is English', () => {
    stubNetwork();
    const client = createUIClient(publicToken(), { products: [otpUI], telemetry: false, locale: 'ja-JP' });
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    expect(client.locale).toBe('ja-JP');
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});
