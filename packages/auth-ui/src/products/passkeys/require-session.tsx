// Passkey registration needs a signed-in user (spec §6): without a session the screens give way to the §6 error,
// handed to onError once; a session that starts or ends later (another tab, a sign-out) is followed.
import type { AuthClient } from '@keepsake/auth-js';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useWidget } from '../../widget/context.ts';

export function RequireSession({ children }: { children: ComponentChildren }) {
  const { client, t, fail } = useWidget();
  const session = client.session as AuthClient['session'];
  const [signedIn, setSignedIn] = useState(() => session.getSync() !== null);
  useEffect(() => session.onChange((current) => setSignedIn(current !== null)), [session]);
  useEffect(() => {
    if (!signedIn) fail(null, t('passkeys.noSession'));
  }, [signedIn, fail, t]);
  if (signedIn) return <>{children}</>;
  return (
    <p class="ks-error ks-config-error" role="alert">
      {t('passkeys.noSession')}
    </p>
  );
}
