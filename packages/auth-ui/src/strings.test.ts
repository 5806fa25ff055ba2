// The catalogue is split: shared strings in strings.ts, each product's in its own module (so a lean entry ships
// only its products' strings). These keep the split honest: the full catalogue has every product's keys, no
// product redefines a shared key, and translation falls back override → locale → product English → shared English.
import { describe, expect, it } from 'vitest';
import { allProducts, englishStrings } from './index.ts';
import { createTranslate, en } from './strings.ts';

describe('the string catalogue', () => {
  it('englishStrings holds the shared strings and every product’s', () => {
    expect(englishStrings['main.header']).toBe('Sign up or log in');
    for (const product of allProducts) {
      for (const [key, text] of Object.entries(product.strings ?? {})) expect(englishStrings[key as keyof typeof englishStrings]).toBe(text);
    }
    expect(englishStrings['idp.denied']).toBe('Access to the application was denied.');
  });

  it('no two products, and no product and the shared strings, define the same key', () => {
    const owners = new Map<string, string>(Object.keys(en).map((key) => [key, 'shared']));
    for (const product of allProducts) {
      for (const key of Object.keys(product.strings ?? {})) {
        expect(owners.get(key), `${key} is defined by ${owners.get(key)} and ${product.product}`).toBeUndefined();
        owners.set(key, product.product);
      }
    }
  });

  it('translates with the overrides first, then the locale, then the products’ English, then the shared English', () => {
    const english = { 'password.login.header': 'Log in' };
    const t = createTranslate({ 'main.continue': 'Next' }, { 'main.header': 'Bienvenue' }, english);
    expect(t('main.continue')).toBe('Next');
    expect(t('main.header')).toBe('Bienvenue');
    expect(t('password.login.header')).toBe('Log in');
    expect(t('otp.expired')).toBe('Your code has expired.');
    // A product the client was not built with has no strings here: the key shows rather than a crash.
    expect(t('idp.denied')).toBe('idp.denied');
  });
});
