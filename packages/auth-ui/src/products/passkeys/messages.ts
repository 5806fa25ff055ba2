// Which spec §8 passkey message a failure shows: sign-in failures (a passkey deleted from the account but not from
// the password manager, anything else) and registration failures (already registered, anything else).
import type { Translate } from '../../strings.ts';

const field = (error: unknown, name: string): unknown => (typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined);

/** Spec §8: a failed passkey sign-in (an API error, an empty answer, or the browser's refusal). */
export function signInMessage(error: unknown, t: Translate): string {
  return field(error, 'error_type') === 'webauthn_registration_not_found' ? t('passkeys.notFound') : t('passkeys.unknownError');
}

/** Spec §8: a passkey that was not created (the authenticator already holds one for this user, or any other reason). */
export function registrationMessage(error: unknown, t: Translate): string {
  return field(error, 'name') === 'PasskeyAlreadyRegisteredError' || field(error, 'reason') === 'InvalidStateError'
    ? t('passkeys.alreadyRegistered')
    : t('passkeys.notCreated');
}
