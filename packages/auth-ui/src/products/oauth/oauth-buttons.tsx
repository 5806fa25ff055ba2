// The OAuth product's part of the Main screen (spec §2): 'Continue with {provider}' for each configured provider,
// in `oauthOptions.providers` order. A button starts the provider's sign-in through auth-js (`oauth.<provider>.start`,
// which navigates away) with the redirect URLs, `custom_scopes` and `provider_params`. Google with `one_tap` shows
// One Tap instead (one-tap.tsx). A page opened from the provider's redirect (`?stytch_token_type=oauth&token=…`)
// (or `…&error=…` when the sign-in failed there) goes on to OAuth Authenticate.
import type { OAuthApi } from '@keepsake/auth-js/oauth';
import { useEffect, useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import type { OAuthProviderConfig } from '../../config.ts';
import { useWidget } from '../../widget/context.ts';
import { GoogleOneTap } from './one-tap.tsx';
import { isProvider, PROVIDER_NAMES, startOptions } from './providers.ts';

/** What the provider's redirect brought back to this page (`?stytch_token_type=oauth&…`): the token to redeem, or
 * the server's error (ADR 103: `error`, `error_description`), or null when the page was not opened from one. */
export function redirectLanding(search: string): { token: string } | { error: string; description: string } | null {
  const params = new URLSearchParams(search);
  if (params.get('stytch_token_type') !== 'oauth') return null;
  const token = params.get('token');
  if (token) return { token };
  const error = params.get('error');
  return error ? { error, description: params.get('error_description') || error } : null;
}

function ProviderButton({ provider, onError }: { provider: OAuthProviderConfig & { type: keyof typeof PROVIDER_NAMES }; onError: (message: string) => void }) {
  const { client, config, t, fail } = useWidget();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    onError('');
    try {
      await (client.oauth as OAuthApi)[provider.type].start(startOptions(config.oauthOptions, provider));
    } catch (error) {
      onError(fail(error));
      setStarting(false);
    }
  };
  return (
    <Button variant="secondary" loading={starting} onClick={() => void start()}>
      {t('oauth.continueWith', { provider: PROVIDER_NAMES[provider.type] })}
    </Button>
  );
}

export function OAuthButtons() {
  const { config, dispatch } = useWidget();
  const [error, setError] = useState('');
  const [landing] = useState(() => redirectLanding(window.location.search) !== null);
  useEffect(() => {
    if (landing) dispatch({ type: 'transition', screen: 'OAuthAuthenticate' });
  }, [dispatch, landing]);
  // On the provider's redirect the page goes on to OAuth Authenticate: no buttons, and no One Tap prompt over it.
  if (landing) return null;
  return (
    <div class="ks-buttons">
      {config.oauthOptions.providers.map((provider) => {
        const type = provider.type;
        if (!isProvider(type)) return null;
        const button = <ProviderButton provider={{ ...provider, type }} onError={setError} />;
        return type === 'google' && provider.one_tap ? <GoogleOneTap key={type} provider={provider} fallback={button} /> : <div key={type}>{button}</div>;
      })}
      <ErrorText id="ks-oauth-error" message={error} />
    </div>
  );
}
