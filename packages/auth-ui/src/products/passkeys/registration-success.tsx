// Passkey Registration Success (spec §2): the signed-in user's passkeys, each with rename and delete, 'Add another
// Passkey' and 'Done' (PASSKEY_DONE). Reached after a registration or a skip, or first when the user has passkeys
// already. The list follows the SDK's user, so a rename, delete or registration shows at once.
import type { AuthClient } from '@keepsake/auth-js';
import { useEffect, useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { PasskeyRow, type Passkey } from './passkey-row.tsx';
import { RequireSession } from './require-session.tsx';
import { useRegister } from './use-register.ts';

function PasskeyList() {
  const { client, t, emit, fail } = useWidget();
  const user = client.user as AuthClient['user'];
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(() => user.getSync()?.webauthn_registrations ?? null);
  const [loadError, setLoadError] = useState('');
  const { register, submitting, error } = useRegister();
  useEffect(() => user.onChange((current) => setPasskeys(current?.webauthn_registrations ?? [])), [user]);
  useEffect(() => {
    user.get().then(
      (current) => setPasskeys(current.webauthn_registrations),
      (cause: unknown) => setLoadError(fail(cause)),
    );
  }, [user, fail]);

  return (
    <div class="ks-screen">
      <h1 class="ks-header">{t('passkeys.list.header')}</h1>
      <p class="ks-text">{t('passkeys.list.text')}</p>
      <ErrorText id="ks-passkeys-load-error" message={loadError} />
      {passkeys === null ? (
        loadError ? null : (
          <p class="ks-text ks-secondary" role="status">
            {t('passkeys.list.loading')}
          </p>
        )
      ) : passkeys.length === 0 ? (
        <p class="ks-text ks-secondary">{t('passkeys.list.empty')}</p>
      ) : (
        <ul class="ks-passkeys" aria-label={t('passkeys.list.label')}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.webauthn_registration_id} passkey={passkey} />
          ))}
        </ul>
      )}
      <ErrorText id="ks-passkey-error" message={error} />
      <Button variant="secondary" loading={submitting} onClick={() => void register()}>
        {t('passkeys.addAnother')}
      </Button>
      <Button onClick={() => emit({ type: StytchEventType.PasskeyDone, data: {} })}>{t('passkeys.done')}</Button>
    </div>
  );
}

export function PasskeyRegistrationSuccessScreen() {
  return (
    <RequireSession>
      <PasskeyList />
    </RequireSession>
  );
}
