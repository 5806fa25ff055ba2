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
  // Email magic links (spec §2 "Check your email", §4 "Widget", §5, §8)
  'email.invalid.link': 'Invalid email address',
  'eml.confirmation.header': 'Check your email',
  'eml.confirmation.sentTo': 'An email was sent to {email}.',
  'eml.confirmation.tryAgain': 'Try again',
  'email.open.gmail': 'Open Gmail',
  'email.open.yahoo': 'Open Yahoo',
  'email.open.outlook': 'Open Outlook',
  'email.resendPrompt': 'Didn’t get it?',
  'email.resend': 'Resend email',
  'email.resent': 'Email resent',
  // Passwords (spec §4 "Password flow", §5, §9)
  'password.create.header': 'Create an account',
  'password.login.header': 'Log in',
  'password.label': 'Password',
  'password.show': 'Show password',
  'password.hide': 'Hide password',
  'password.forgot': 'Forgot password?',
  'password.emailLoginLink': 'Email me a login link',
  'password.back': 'Back',
  'password.strength': 'Password strength: {score} of 4',
  'password.luds.length': 'Must be at least {count} characters long',
  'password.luds.complexity': 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.breached': 'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  'password.forgot.header': 'Check your email',
  'password.forgot.text': 'A link to reset your password was sent to you at {email}.',
  'password.dedupe.header': 'Check your email',
  'password.dedupe.text': 'An account with {email} already exists. To keep it secure, we sent you a link to set a password.',
  'password.breached.header': 'Reset your password',
  'password.breached.text': 'A link to reset your password was sent to you at {email}.',
  'password.setNew.header': 'Check your email to set a password',
  'password.setNew.text': 'Your account has no password yet. A link to set one was sent to you at {email}.',
  'password.reset.header': 'Set a new password',
  'password.reset.label': 'New password',
  'password.reset.noToken': 'This password reset link is not valid. Ask for a new one.',
  'password.loggingIn': 'Logging in',
  // Success (spec §2)
  'success.header': 'Success',
  'success.otp': 'Your passcode has been successfully verified.',
  'success.password': 'You are now logged in.',
  // Passkeys (spec §2 Main screen and passkey screens, §6, §8): the spec's copy word for word, ours elsewhere
  'passkeys.login': 'Login with a Passkey',
  'passkeys.notFound': 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  'passkeys.unknownError': 'Unknown error occurred during passkey authentication. Please try again.',
  'passkeys.alreadyRegistered':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'passkeys.notCreated': 'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  'passkeys.noSession': 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  'passkeys.success': 'You have successfully logged in with your Passkey.',
  'passkeys.start.header': 'Set up a new Passkey',
  'passkeys.start.text': 'Sign in faster next time: a Passkey uses your fingerprint, face or screen lock instead of a code.',
  'passkeys.create': 'Create a Passkey',
  'passkeys.skip': 'Skip',
  'passkeys.created': 'Passkey created',
  'passkeys.list.header': 'Your Passkeys',
  'passkeys.list.text': 'Use any of these to sign in with your fingerprint, face or screen lock.',
  'passkeys.list.label': 'Passkeys',
  'passkeys.list.loading': 'Loading your Passkeys…',
  'passkeys.list.empty': 'You have no Passkeys yet.',
  'passkeys.addAnother': 'Add another Passkey',
  'passkeys.done': 'Done',
  'passkeys.rename': 'Rename',
  'passkeys.rename.label': 'Rename {name}',
  'passkeys.name.label': 'Passkey name',
  'passkeys.name.required': 'Enter a name for your Passkey.',
  'passkeys.save': 'Save',
  'passkeys.cancel': 'Cancel',
  'passkeys.renamed': 'Passkey renamed',
  'passkeys.delete': 'Delete',
  'passkeys.delete.label': 'Delete {name}',
  'passkeys.delete.confirmTitle': 'Delete {name}?',
  'passkeys.delete.warning': 'Once deleted, the passkey cannot be restored.',
  'passkeys.deleted': 'Passkey deleted',
  // Crypto wallets (spec §2 Main and the Crypto screens, §4 "Crypto", §8)
  'crypto.continueWith': 'Continue with {wallet}',
  'crypto.otherWallets': 'Other wallets',
  'crypto.setupLink': 'Set up a new crypto wallet',
  'crypto.connect.header': 'Connect {wallet}',
  'crypto.connect.text': 'Approve the connection request in your wallet.',
  'crypto.sign.header': 'Sign the message',
  'crypto.sign.text': 'Sign the message in {wallet} to prove that the wallet is yours. Signing costs nothing.',
  'crypto.other.header': 'Other wallets',
  'crypto.other.none': 'No other wallet was found in this browser.',
  'crypto.setup.header': 'Set up a new crypto wallet',
  'crypto.setup.text': 'Install one of these wallets, then come back and continue with it.',
  'crypto.setup.get': 'Get {wallet}',
  'crypto.connectFailed': 'Could not connect to wallet',
  'crypto.signFailed': 'Could not sign message',
  'crypto.error.header': 'Looks like there was an error!',
  'crypto.error.text': 'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  'crypto.success': 'Your wallet has been successfully verified.',
  'crypto.waiting': 'Waiting for your wallet',
  'crypto.back': 'Back',
  // OAuth and Google One Tap (spec §2 Main, §3 oauthOptions, §4 "One Tap states", §8)
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.loggingIn': 'Logging in',
  'oauth.success': 'You have successfully signed in.',
  'oauth.oneTap.notShown': 'Google One Tap was not shown ({reason}).',
  'oauth.back': 'Back',
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
