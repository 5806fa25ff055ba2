// The passkey part of the Main screen (spec §2 "Main screen", §4, §5, §8, §9): a 'Login with a Passkey' button at
// the top, unless the browser supports passkey autofill and an email or phone form is shown; then the form's input
// (autocomplete "username webauthn") offers passkeys instead, retried up to 5 times. Success goes to Passkey
// Confirmation; failures show the §8 messages.
import type { WebauthnApi, WebauthnAuthenticateResponse } from '@keepsake/auth-js/webauthn';
import { useEffect, useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { signInMessage } from './messages.ts';

/** Whether the passkey autofill replaces the button: null while the browser is asked. */
function useAutofill(webauthn: WebauthnApi, wanted: boolean): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(wanted ? null : false);
  useEffect(() => {
    if (!wanted) return setSupported(false);
    let live = true;
    webauthn.browserSupportsAutofill().then(
      (answer) => live && setSupported(answer),
      () => live && setSupported(false),
    );
    return () => {
      live = false;
    };
  }, [webauthn, wanted]);
  return supported;
}

/**
 * WebAuthn forbids an IP address as the relying party (a page at http://127.0.0.1 can hold no passkey), so there the
 * product offers nothing rather than a button that can only fail.
 */
export function hostCanHoldPasskeys(hostname: string): boolean {
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) && !hostname.includes(':') && !hostname.startsWith('[');
}

/** The project does not allow this page's domain for passkeys: the developer's configuration, not the user's doing. */
const domainRefused = (cause: unknown) =>
  typeof cause === 'object' && cause !== null && (cause as { error_type?: unknown }).error_type === 'domain_not_allowed';

export function PasskeyLogin({ formShown }: { formShown: boolean }) {
  const { client, config, t, dispatch, emit, fail } = useWidget();
  const webauthn = client.webauthn as WebauthnApi;
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [unavailable, setUnavailable] = useState(() => !hostCanHoldPasskeys(window.location.hostname));
  // The autofill needs an input the page's document can find: not inside a shadow root.
  const autofill = useAutofill(webauthn, formShown && !config.enableShadowDOM && !unavailable);
  const sessionDuration = config.sessionOptions.sessionDurationMinutes;

  const signedIn = (result: WebauthnAuthenticateResponse) => {
    emit({ type: StytchEventType.PasskeyAuthenticate, data: result });
    dispatch({ type: 'transition', screen: 'PasskeyConfirmation' });
  };
  const failed = (cause: unknown) => setError(fail(cause, signInMessage(cause, t)));

  useEffect(() => {
    if (!autofill) return;
    const controller = new AbortController();
    // Autofill starts on its own, before the user asked for anything: a refused domain is reported to the developer
    // (onError, once) and the passkey part steps aside instead of greeting every visitor with an error.
    const tried = (cause: unknown) => {
      if (controller.signal.aborted) return;
      if (!domainRefused(cause)) return failed(cause);
      controller.abort();
      fail(cause);
      setUnavailable(true);
    };
    webauthn
      .autofill({ session_duration_minutes: sessionDuration, signal: controller.signal, onError: tried })
      .then((result) => result && !controller.signal.aborted && signedIn(result), tried);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one autofill request per Main screen, not per render
  }, [autofill, webauthn, sessionDuration]);

  const signIn = async () => {
    setError('');
    setSubmitting(true);
    try {
      const result = await webauthn.authenticate({ session_duration_minutes: sessionDuration, is_passkey: true });
      if (!result) throw new Error('The passkey sign-in answered nothing.');
      signedIn(result);
    } catch (cause) {
      failed(cause);
      setSubmitting(false);
    }
  };

  if (unavailable || autofill === null) return null;
  return (
    <div class="ks-passkey-login">
      {autofill ? null : (
        <Button variant="secondary" loading={submitting} onClick={() => void signIn()}>
          {t('passkeys.login')}
        </Button>
      )}
      <ErrorText id="ks-passkey-error" message={error} />
    </div>
  );
}
