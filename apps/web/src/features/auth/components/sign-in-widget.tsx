import type { StytchEvent, StytchLoginConfig, StytchUIClient } from '@keepsake/auth-ui';
import { StytchLogin, StytchPasswordReset, StytchProvider } from '@keepsake/auth-ui/react';
import { CONSOLE_SESSION_MINUTES } from '@keepsake/wire/console/platform';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { usePlatform, type Platform } from '../../../lib/platform';
import { authenticateSession } from '../api/authenticate-session';
import { farcasterSignIn } from '../api/farcaster-sign-in';
import { signInUIClient } from '../api/sign-in-ui-client';
import { landingOf, signInWidgetConfig } from '../lib/sign-in-config';
import { DevInboxLink } from './dev-inbox-link';

type SignInWidgetProps = {
  /** Called once the console cookie is set; resolves false when no session came of it. */
  onSignedIn: () => Promise<boolean>;
  /** Where to go after signing in (a same-origin path): kept on every redirect back to /signin. */
  callbackUrl: string;
  /** The page was opened after a failed sign-in (`?error=…` from the server's redirect). */
  failed?: boolean;
};

/** The auth service's session token, exchanged for the console cookie (`POST /api/session/authenticate`). */
async function exchange(client: StytchUIClient): Promise<void> {
  const tokens = client.session.getTokens();
  if (!tokens) throw new Error('The widget signed in without a session.');
  await authenticateSession(tokens.session_token);
}

/** Takes a redeemed link's token out of the address bar, so a reload cannot replay it. */
function forgetToken() {
  const url = new URL(window.location.href);
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  window.history.replaceState(window.history.state, '', url);
}

/**
 * /signin: the sign-in widget (`<StytchLogin>`, @keepsake/auth-ui) with the platform project's saved products and
 * theme (docs/decisions/124). When the widget reports a finished sign-in, its session token becomes the console
 * cookie. A magic link landing here is redeemed; a password reset link mounts the reset form. Farcaster, not a widget
 * product, is a button under it; in dev mode the dev mailbox and outbox are linked.
 */
export function SignInWidget({ onSignedIn, callbackUrl, failed = false }: SignInWidgetProps) {
  const platform = usePlatform();
  if (platform.isPending) return <LoadingState />;
  if (platform.isError) return <ErrorMessage error={platform.error} className="mx-auto w-full max-w-[400px]" />;
  return <SignInWithPlatform platform={platform.data} onSignedIn={onSignedIn} callbackUrl={callbackUrl} failed={failed} />;
}

function SignInWithPlatform({ platform, onSignedIn, callbackUrl, failed }: SignInWidgetProps & { platform: Platform }) {
  const t = useT();
  const [error, setError] = useState(failed);
  const [landing] = useState(() => landingOf(new URLSearchParams(window.location.search)));
  const [redeeming, setRedeeming] = useState(landing.kind === 'magicLink');
  const client = useMemo(() => signInUIClient(platform.publicToken), [platform.publicToken]);
  const config = useMemo(() => signInWidgetConfig(platform.widget, window.location.origin, callbackUrl), [platform.widget, callbackUrl]);

  const finish = useCallback(
    async (signIn: () => Promise<void>) => {
      try {
        await signIn();
        if (await onSignedIn()) return;
      } catch {
        // shown as 'Error signing in' below
      }
      setError(true);
    },
    [onSignedIn],
  );
  const callbacks = useMemo(
    () => ({
      onEvent: (event: StytchEvent) => {
        if (event.type === 'AUTHENTICATE_FLOW_COMPLETE') void finish(() => exchange(client));
      },
    }),
    [client, finish],
  );

  const redeemed = useRef(false);
  useEffect(() => {
    if (landing.kind !== 'magicLink' || redeemed.current) return;
    redeemed.current = true;
    forgetToken();
    void finish(async () => {
      await client.magicLinks.authenticate(landing.token, { session_duration_minutes: CONSOLE_SESSION_MINUTES });
      await exchange(client);
    }).finally(() => setRedeeming(false));
  }, [landing, client, finish]);

  if (redeeming) return <LoadingState />;
  return (
    <div className="mx-auto flex w-full max-w-[400px] flex-col gap-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {t('auth.signInError')}
        </p>
      )}
      <StytchProvider stytch={client}>
        <WidgetMount landing={landing} config={config} styles={platform.widget.styles} callbacks={callbacks} />
      </StytchProvider>
      {platform.farcaster && <FarcasterButton onClick={() => finish(() => farcasterSignIn(callbackUrl))} />}
      <DevInboxLink channel="email" />
      {config.otpOptions?.methods.some((method) => method !== 'email') && <DevInboxLink channel="sms" />}
    </div>
  );
}

type WidgetMountProps = {
  landing: ReturnType<typeof landingOf>;
  config: StytchLoginConfig;
  styles: Platform['widget']['styles'];
  callbacks: { onEvent: (event: StytchEvent) => void };
};

function WidgetMount({ landing, config, styles, callbacks }: WidgetMountProps) {
  if (landing.kind === 'resetPassword') return <StytchPasswordReset passwordResetToken={landing.token} config={config} styles={styles} callbacks={callbacks} />;
  return <StytchLogin config={config} styles={styles} callbacks={callbacks} />;
}

/** Sign In With Farcaster (ADR 108), under the widget: its spinner while the wallet signs. */
function FarcasterButton({ onClick }: { onClick: () => Promise<void> }) {
  const t = useT();
  const [running, setRunning] = useState(false);
  return (
    <Button
      variant="secondary"
      className="h-[47px] w-full"
      loading={running}
      onClick={() => {
        setRunning(true);
        void onClick().finally(() => setRunning(false));
      }}
    >
      {t('auth.farcaster')}
    </Button>
  );
}
