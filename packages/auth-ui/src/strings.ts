// The widget's English string catalogue (spec §2–§9 copy; localisation: every string can be overridden). Later
// locales are further catalogues of the same keys. `{name}` marks a value filled in at render time.
// `en` holds the strings every bundle needs (Main, passcodes, Success, shared); each product module carries its
// own (products/<name>/strings.ts, `UIProduct.strings`), so a lean bundle ships only its products' strings. The
// key type still spans every product through type-only imports.
import type { cryptoStrings } from './products/crypto/strings.ts';
import type { emailMagicLinksStrings } from './products/email-magic-links/strings.ts';
import type { idpStrings } from './products/idp/strings.ts';
import type { oauthStrings } from './products/oauth/strings.ts';
import type { passkeysStrings } from './products/passkeys/strings.ts';
import type { passwordsStrings } from './products/passwords/strings.ts';

export const en = {
  // Main (spec §2)
  'main.header': 'Sign up or log in',
  'main.divider': 'or',
  'main.tab.email': 'Email',
  'main.tab.sms': 'Text',
  'main.tab.whatsapp': 'WhatsApp',
  'main.email.label': 'Email',
  'main.email.placeholder': 'example@email.com',
  'main.continue': 'Continue',
  'main.tabs': 'Sign-in methods',
  'email.invalid.otp': 'Invalid email, please try again.',
  // OTP Authenticate (spec §4 "Widget", §5 passcode, §8, §9)
  'otp.header': 'Enter passcode',
  'otp.sentTo': 'A 6-digit passcode was sent to you at {destination}.',
  'otp.code.label': 'One-time passcode',
  'otp.expiresIn': 'Your code expires in {time}.',
  'otp.expired': 'Your code has expired.',
  'otp.resendPrompt': 'Didn’t get it?',
  'otp.resend': 'Resend code',
  'otp.resent': 'Code resent',
  'otp.invalid': 'Invalid passcode, please try again.',
  'otp.back': 'Back',
  // Email magic links (spec §2 "Check your email", §4 "Widget", §5, §8)
  'email.invalid.link': 'Invalid email address',
  'email.open.gmail': 'Open Gmail',
  'email.open.yahoo': 'Open Yahoo',
  'email.open.outlook': 'Open Outlook',
  'email.resendPrompt': 'Didn’t get it?',
  'email.resend': 'Resend email',
  'email.resent': 'Email resent',
  // Text and WhatsApp tabs (spec §5 phone numbers)
  'otp.phone.label': 'Phone number',
  'otp.phone.country': 'Country',
  'otp.phone.invalid': 'Invalid phone number, please try again.',
  // Success (spec §2)
  'success.header': 'Success',
  'success.otp': 'Your passcode has been successfully verified.',
  'success.password': 'You are now logged in.',
  // Shared
  submitting: 'Submitting',
  'error.unreachable': 'Unable to contact our servers.',
  'logo.alt': 'Logo',
} as const;

export type StringKey =
  | keyof typeof en
  | keyof typeof emailMagicLinksStrings
  | keyof typeof passwordsStrings
  | keyof typeof idpStrings
  | keyof typeof passkeysStrings
  | keyof typeof cryptoStrings
  | keyof typeof oauthStrings;
/** `strings` of the UI client: any subset of the catalogue, replaced. */
export type Strings = Partial<Record<StringKey, string>>;
export type Translate = (key: StringKey, values?: Record<string, string>) => string;

/**
 * A translate function: `overrides` (the `strings` option), else the locale's `catalogue`, else English (`en` and
 * the `english` strings of the client's products).
 */
export function createTranslate(overrides: Strings = {}, catalogue: Strings = {}, english: Strings = {}): Translate {
  const base: Strings = { ...en, ...english };
  return (key, values) => {
    const text = overrides[key] ?? catalogue[key] ?? base[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole) : text;
  };
}
