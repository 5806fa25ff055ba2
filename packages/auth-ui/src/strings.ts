// The widget's English string catalogue (spec §2–§9 copy; localisation: every string can be overridden). Later
// locales are further catalogues of the same keys. `{name}` marks a value filled in at render time.

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
  // Success (spec §2)
  'success.header': 'Success',
  'success.otp': 'Your passcode has been successfully verified.',
  // Shared
  submitting: 'Submitting',
  'error.unreachable': 'Unable to contact our servers.',
  'logo.alt': 'Logo',
} as const;

export type StringKey = keyof typeof en;
/** `strings` of the UI client: any subset of the catalogue, replaced. */
export type Strings = Partial<Record<StringKey, string>>;
export type Translate = (key: StringKey, values?: Record<string, string>) => string;

/** A translate function over the English catalogue with `overrides` on top. */
export function createTranslate(overrides: Strings = {}): Translate {
  return (key, values) => {
    const text = overrides[key] ?? en[key];
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole) : text;
  };
}
