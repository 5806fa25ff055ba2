import { describe, expect, it } from 'vitest';
import { configError, resolveConfig } from './config.ts';
import { DEFAULT_THEME, resolveTheme, themeVariables } from './theme.ts';

describe('resolveConfig (spec §3 defaults)', () => {
  it('defaults to magic links, email passcodes for 5 minutes, 30-minute sessions and no shadow DOM', () => {
    const config = resolveConfig(undefined);
    expect(config.products).toEqual(['emailMagicLinks']);
    expect(config.otpOptions).toEqual({ methods: ['email'], expirationMinutes: 5 });
    expect(config.sessionOptions).toEqual({ sessionDurationMinutes: 30 });
    expect(config.enableShadowDOM).toBe(false);
  });

  it('keeps what the config gives', () => {
    const config = resolveConfig({
      products: ['otp'],
      otpOptions: { methods: ['sms', 'email'], expirationMinutes: 2 },
      sessionOptions: { sessionDurationMinutes: 60 },
    });
    expect(config.otpOptions.methods).toEqual(['sms', 'email']);
    expect(config.otpOptions.expirationMinutes).toBe(2);
    expect(config.sessionOptions.sessionDurationMinutes).toBe(60);
  });
});

describe('configError (spec §5)', () => {
  it('names the two configuration errors word for word, and accepts a valid config', () => {
    expect(configError(resolveConfig({ products: ['emailMagicLinks', 'otp'] }))).toBe('Error: Cannot use both EML and Email OTP');
    expect(configError(resolveConfig({ products: ['passkeys'] }))).toBe('Error: Cannot use Passkeys by itself, please add another product to the config.');
    expect(configError(resolveConfig({ products: ['otp', 'passkeys'] }))).toBeNull();
  });
});

describe('resolveTheme', () => {
  it('has the §3 container defaults and merges a partial theme, ignoring values of the wrong type', () => {
    expect(DEFAULT_THEME.container).toEqual({ backgroundColor: '#FFFFFF', borderColor: '#ADBCC5', borderRadius: '8px', width: '400px' });
    const theme = resolveTheme({ container: { width: '360px' }, buttons: { primary: { backgroundColor: '#000000' } }, fontFamily: 7 as unknown as string });
    expect(theme.container.width).toBe('360px');
    expect(theme.container.borderColor).toBe('#ADBCC5');
    expect(theme.buttons.primary.backgroundColor).toBe('#000000');
    expect(theme.buttons.primary.textColor).toBe('#FFFFFF');
    expect(theme.fontFamily).toBe(DEFAULT_THEME.fontFamily);
    expect(themeVariables(theme)['--ks-buttons-primary-background-color']).toBe('#000000');
  });
});
