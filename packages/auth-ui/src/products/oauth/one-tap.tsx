// Google One Tap in the widget (spec §2, §3 `one_tap`/`position`, §4 "One Tap states", §8, §9): for a Google
// provider with `one_tap: true` the widget asks auth-js for Google's prompt instead of showing the Google button; on
// any One Tap error (a §4 state from the server, Google not showing the prompt, its script not loading) the standard
// Google button is shown and the error goes to onError (once), also when it happens after the prompt showed: the
// server refusing the chosen account, or Google skipping/dismissing the prompt (auth-js's `onOneTapError`). `position` is the incumbent's: `floating` (Google's own
// place) by default; `embedded`/`floatingOrEmbedded` put the prompt in a 47 px container in the widget;
// `embeddedOnly` gives up where the browser shows the prompt itself (FedCM). On a phone Google shows One Tap as its
// banner at the bottom of the screen, so the widget keeps no container there; tablets keep it. A prompt the user
// closes gives the standard button too, and a prompt the widget no longer shows (the user moved on to another
// screen) is cancelled with Google's `google.accounts.id.cancel()`, so it does not float over the next screen.
import type { OAuthApi } from '@keepsake/auth-js/oauth';
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { StytchSDKUIError } from '../../events.ts';
import type { OAuthProviderConfig } from '../../config.ts';
import { useWidget } from '../../widget/context.ts';
import { useStartOnce } from '../../widget/use-start-once.ts';
import { redirectOptions } from './providers.ts';

/** The incumbent's One Tap positions. */
export const OneTapPositions = {
  floating: 'floating',
  /** Deprecated by the incumbent: the same as floatingOrEmbedded. */
  embedded: 'embedded',
  floatingOrEmbedded: 'floatingOrEmbedded',
  embeddedOnly: 'embeddedOnly',
} as const;

export const ONE_TAP_CONTAINER_ID = 'ks-google-one-tap';

/** A phone (not a tablet) by its user agent: Android phones say "Mobile", Android tablets do not. */
export function isPhone(userAgent: string): boolean {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return false;
  return /iPhone|iPod|Windows Phone|Android.*Mobile|Mobi/i.test(userAgent);
}

/** The §4 One Tap states the server answers, with the developer-facing text of §8 (for the developer, so in
 * English only and not in the string catalogue, which every bundle carries). */
export const ONE_TAP_STATES: Record<string, string> = {
  origin_not_allowed_for_client: 'Google One Tap: this page’s origin is not an authorized JavaScript origin of the project’s Google client.',
  invalid_client: 'Google One Tap: Google does not recognise the project’s Google client ID.',
  oauth_config_not_found: 'Google One Tap: the project has no Google OAuth client configured.',
  no_login_redirect_urls_set: 'Google One Tap: the project has no login redirect URL.',
  no_signup_redirect_urls_set: 'Google One Tap: the project has no signup redirect URL.',
  default_provider_not_allowed: 'Google One Tap needs the project’s own Google client; it cannot use the default one.',
};

type Status = 'pending' | 'shown' | 'failed';

/** Google's documented `google.accounts.id.cancel()`: takes the prompt away (no-op when it is not showing). */
function cancelGooglePrompt(): void {
  (globalThis as { google?: { accounts?: { id?: { cancel?(): void } } } }).google?.accounts?.id?.cancel?.();
}

/** One Tap for `provider`, or `fallback` (the standard Google button) once it fails. */
export function GoogleOneTap({ provider, fallback }: { provider: OAuthProviderConfig; fallback: ComponentChildren }) {
  const { client, config, t, fail } = useWidget();
  const [status, setStatus] = useState<Status>('pending');
  const [notice, setNotice] = useState('');
  const position = provider.position ?? OneTapPositions.floating;
  const embedded = position !== OneTapPositions.floating && !isPhone(navigator.userAgent);
  const askedRef = useRef(false); // One Tap was asked for and has not failed: Google's prompt may be up.
  useLayoutEffect(
    () => () => {
      if (!askedRef.current) return;
      askedRef.current = false; // Google answers the cancel with a `cancel_called` dismissal: the widget's own, not an error
      cancelGooglePrompt();
    },
    [],
  );
  useStartOnce((alive) => {
    if (position === OneTapPositions.embeddedOnly && 'IdentityCredential' in window) {
      setStatus('failed'); // the browser would show it (FedCM), which embeddedOnly does not want: the button, no error.
      return;
    }
    const failed = (error: unknown, developerText = '') => {
      if (!alive() || !askedRef.current) return; // gone, or already failed (a cancel reported twice)
      askedRef.current = false;
      fail(error);
      setNotice(developerText);
      setStatus('failed');
    };
    const notShown = (reason: string) => new StytchSDKUIError(t('oauth.oneTap.notShown', { reason }));
    askedRef.current = true;
    (client.oauth as OAuthApi).googleOneTap
      .start({
        ...redirectOptions(config.oauthOptions),
        ...(embedded ? { prompt_parent_id: ONE_TAP_CONTAINER_ID } : {}),
        // After it was shown (start has long answered): the server refused the chosen account (its ApiError), or
        // Google skipped or dismissed the prompt (the user closed it, tapped outside, …): the standard button.
        onOneTapError: (reason, error) => failed(error ?? notShown(reason)),
      })
      .then((result) => {
        if (result.success) {
          if (alive()) setStatus('shown');
          else cancelGooglePrompt(); // shown after the widget moved on: take it away
          return;
        }
        const known = ONE_TAP_STATES[result.reason];
        // A §4 configuration state is shown (for the developer) as well as reported; Google's own reasons are reported.
        if (known) failed(new StytchSDKUIError(known), known);
        else failed(notShown(result.reason));
      }, failed);
  });

  if (status === 'failed')
    return (
      <>
        {fallback}
        {notice ? <p class="ks-error ks-one-tap-notice">{notice}</p> : null}
      </>
    );
  return embedded ? <div id={ONE_TAP_CONTAINER_ID} class="ks-one-tap" data-status={status} /> : null;
}
