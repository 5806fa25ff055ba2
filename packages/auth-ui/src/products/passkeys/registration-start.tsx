// Register New Passkey / Passkey Registration Start (spec §2, §8): 'Create a Passkey' runs the browser's ceremony
// and leads to Passkey Registration Success; 'Skip' leads there too (PASSKEY_SKIP). A failure stays here with the
// §8 message, so the user can try again or skip. A user found to have passkeys already goes to their list.
import type { AuthClient } from '@keepsake/auth-js';
import { useEffect } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { RequireSession } from './require-session.tsx';
import { useRegister } from './use-register.ts';

function Start() {
  const { client, t, dispatch, emit } = useWidget();
  const { register, submitting, error } = useRegister();
  // When the page did not know the user yet (a fresh load), ask: someone with passkeys starts at their list.
  useEffect(() => {
    const user = client.user as AuthClient['user'];
    if (user.getSync()) return;
    user.get().then(
      (known) => known.webauthn_registrations.length > 0 && dispatch({ type: 'transition', screen: 'PasskeyRegistrationSuccess' }),
      () => undefined, // registering reports any failure
    );
  }, [client, dispatch]);
  const create = async () => {
    if (await register()) dispatch({ type: 'transition', screen: 'PasskeyRegistrationSuccess' });
  };
  const skip = () => {
    emit({ type: StytchEventType.PasskeySkip, data: {} });
    dispatch({ type: 'transition', screen: 'PasskeyRegistrationSuccess' });
  };
  return (
    <div class="ks-screen">
      <svg class="ks-passkey-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="18" cy="16" r="8" fill="none" stroke="currentColor" stroke-width="3" />
        <path d="M4 42c0-8 6-14 14-14 3 0 6 1 8 2" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" />
        <circle cx="36" cy="28" r="5" fill="none" stroke="currentColor" stroke-width="3" />
        <path d="M36 33v11m0-4h4m-4-4h3" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" />
      </svg>
      <h1 class="ks-header">{t('passkeys.start.header')}</h1>
      <p class="ks-text">{t('passkeys.start.text')}</p>
      <ErrorText id="ks-passkey-error" message={error} />
      <Button loading={submitting} onClick={() => void create()}>
        {t('passkeys.create')}
      </Button>
      <Button variant="secondary" disabled={submitting} onClick={skip}>
        {t('passkeys.skip')}
      </Button>
    </div>
  );
}

export function PasskeyRegistrationStartScreen() {
  return (
    <RequireSession>
      <Start />
    </RequireSession>
  );
}
