// OAuth Authenticate: the widget mounted on the provider's redirect URL (`?stytch_token_type=oauth&token=…`, as the
// incumbent's login UI does on its redirect URLs) redeems the token with auth-js's `oauth.authenticate` (which
// presents the PKCE verifier of the start), takes the token out of the address bar so a reload cannot replay it,
// and shows Success; a refused token, or a sign-in that failed at the provider or the server (ADR 103's
// `error` / `error_description`), shows the message with the back arrow to Main.
import type { OAuthApi } from '@keepsake/auth-js/oauth';
import { useState } from 'preact/hooks';
import { BackButton } from '../../components/back-button.tsx';
import { Message } from '../../components/message.tsx';
import { StytchSDKUIError } from '../../events.ts';
import { SuccessScreen } from '../../screens/success.tsx';
import { useWidget } from '../../widget/context.ts';
import { useStartOnce } from '../../widget/use-start-once.ts';
import { redirectLanding } from './oauth-buttons.tsx';

/** The redirect's parameters, out of the address bar (a reload must not replay them). */
function forgetLanding() {
  const url = new URL(window.location.href);
  for (const name of ['token', 'stytch_token_type', 'error', 'error_description', 'provider_error']) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url);
}

export function OAuthAuthenticateScreen() {
  const { client, config, t, fail, dispatch } = useWidget();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  useStartOnce((alive) => {
    const landing = redirectLanding(window.location.search);
    forgetLanding();
    if (!landing) return void dispatch({ type: 'transition', screen: 'Main' });
    if ('error' in landing) return void setOutcome({ ok: false, message: fail(new StytchSDKUIError(landing.description, landing)) });
    (client.oauth as OAuthApi).authenticate(landing.token, { session_duration_minutes: config.sessionOptions.sessionDurationMinutes }).then(
      () => alive() && setOutcome({ ok: true, message: '' }),
      (error: unknown) => alive() && setOutcome({ ok: false, message: fail(error) }),
    );
  });

  if (outcome?.ok) return <SuccessScreen message="oauth.success" />;
  return (
    <div class="ks-screen">
      {outcome ? <BackButton label={t('oauth.back')} onClick={() => dispatch({ type: 'transition', screen: 'Main' })} /> : null}
      <h1 class="ks-header">{t('oauth.loggingIn')}</h1>
      {outcome ? (
        <Message text={outcome.message} />
      ) : (
        <div class="ks-waiting" role="status">
          <span class="ks-spinner" aria-hidden="true" />
          <span>{t('oauth.loggingIn')}</span>
        </div>
      )}
    </div>
  );
}
