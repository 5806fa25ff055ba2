import { StytchPasskeyRegistration, StytchProvider } from '@keepsake/auth-ui/react';
import { StytchEventType, type StytchEvent, type UIClient } from '@keepsake/auth-ui/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { passkeysUIClient } from '../api/passkeys-ui-client';

/** The widget's look in the console: the container fits the page column, in the console's own colours. */
const WIDGET_STYLES = { container: { width: '100%', borderColor: '#CBD5E1' }, colors: { primary: '#0F172A', secondary: '#475569' } };

/**
 * The developer's passkeys for signing in to the console (spec §2 "Passkey registration success"): the sign-in
 * widget's passkey registration mode lists them, renames, deletes (after a confirmation) and adds another.
 */
export function PasskeysSection() {
  const t = useT();
  const headingId = useId();
  const navigate = useNavigate();
  const [state, setState] = useState<{ client?: UIClient; error?: unknown }>({});
  // The widget's 'Done' leaves the page for the console's start.
  const callbacks = useMemo(
    () => ({ onEvent: (event: StytchEvent) => event.type === StytchEventType.PasskeyDone && void navigate('/console/overview') }),
    [navigate],
  );
  useEffect(() => {
    let live = true;
    passkeysUIClient().then(
      (client) => live && setState({ client }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section aria-labelledby={headingId} className="max-w-md space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {t('account.passkeys.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('account.passkeys.intro')}</p>
      </div>
      {state.error ? <ErrorMessage error={state.error} /> : null}
      {!state.client && !state.error ? <LoadingState label={t('account.passkeys.loading')} /> : null}
      {state.client ? (
        <StytchProvider stytch={state.client}>
          <StytchPasskeyRegistration styles={WIDGET_STYLES} callbacks={callbacks} />
        </StytchProvider>
      ) : null}
    </section>
  );
}
