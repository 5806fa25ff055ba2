// The spec's widget copy, word for word (§2–§9; docs/widget-spec-checklist.md): each quoted string of the spec
// against the catalogue key or constant the widget shows it from. The screens' own tests show each one in place;
// this table keeps the wording from drifting (a reworded string fails here, naming the key).
import { NO_AUTOFILL_SUPPORT, NO_WEBAUTHN_INPUT } from '@keepsake/auth-js/webauthn';
import { describe, expect, it } from 'vitest';
import { CONFIG_ERRORS, englishStrings, type StringKey } from './index.ts';

/** [spec text with the spec's placeholders, catalogue key]. `{N}` of the LUDS lines is our `{count}`. */
const CATALOGUE: Array<[string, StringKey]> = [
  // §2 Main, Check your email, Success, reset password
  ['Sign up or log in', 'main.header'],
  ['or', 'main.divider'],
  ['Email', 'main.tab.email'],
  ['Text', 'main.tab.sms'],
  ['WhatsApp', 'main.tab.whatsapp'],
  ['Login with a Passkey', 'passkeys.login'],
  ['Continue with {wallet}', 'crypto.continueWith'],
  ['Set up a new crypto wallet', 'crypto.setupLink'],
  ['Check your email', 'eml.confirmation.header'],
  ['Try again', 'eml.confirmation.tryAgain'],
  ['Success', 'success.header'],
  ['Your passcode has been successfully verified.', 'success.otp'],
  ['Logging in', 'password.loggingIn'],
  ['Logging in', 'oauth.loggingIn'],
  // §4 Authorize / logout
  ['Access to the application was denied.', 'idp.denied'],
  ['You have not been logged out. You may close this page.', 'idp.logout.kept'],
  // §5
  ['Invalid email, please try again.', 'email.invalid.otp'],
  ['Invalid email address', 'email.invalid.link'],
  ['Invalid phone number, please try again.', 'otp.phone.invalid'],
  ['Must be at least {count} characters long', 'password.luds.length'],
  ['Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol', 'password.luds.complexity'],
  ['This password may have been used on a different site that experienced a security issue. Please choose another password.', 'password.breached'],
  ['Required parameter is missing: {param}. Please reach out to the application developer.', 'idp.missingParameter'],
  // §6
  ['No active session detected. Please log in to continue.', 'idp.noSession'],
  ['Error: Cannot use PasskeyRegistration component without active user authenticated.', 'passkeys.noSession'],
  // §8
  ['Unable to contact our servers.', 'error.unreachable'],
  ['Invalid passcode, please try again.', 'otp.invalid'],
  ['Code resent', 'otp.resent'],
  ['Email resent', 'email.resent'],
  ['Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.', 'passkeys.notFound'],
  ['Unknown error occurred during passkey authentication. Please try again.', 'passkeys.unknownError'],
  [
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
    'passkeys.alreadyRegistered',
  ],
  ['Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.', 'passkeys.notCreated'],
  ['Once deleted, the passkey cannot be restored.', 'passkeys.delete.warning'],
  ['Could not connect to wallet', 'crypto.connectFailed'],
  ['Could not sign message', 'crypto.signFailed'],
  ['Looks like there was an error!', 'crypto.error.header'],
  ['Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!', 'crypto.error.text'],
  // §9
  ['Your code has expired.', 'otp.expired'],
];

describe('the spec’s widget copy, word for word', () => {
  it.each(CATALOGUE)('“%s” is %s', (text, key) => {
    expect(englishStrings[key]).toBe(text);
  });

  it('the §5 configuration errors and the §8 passkey-autofill console errors', () => {
    expect(CONFIG_ERRORS).toEqual({
      emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
      passkeysAlone: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
    });
    expect(NO_WEBAUTHN_INPUT).toBe('No <input> with "webauthn" in its autocomplete attribute was detected.');
    expect(NO_AUTOFILL_SUPPORT).toBe('Browser does not support WebAuthn autofill.');
  });
});
