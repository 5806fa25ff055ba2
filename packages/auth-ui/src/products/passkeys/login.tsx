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

export function PasskeyLogin({ formShown }: { formShown: boolean }) {
  const { client, config, t, dispatch, emit, fail } = useWidget();
  const webauthn = client.webauthn as WebauthnApi;
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // The autofill needs an input the page's document can find: not inside a shadow root.
  const autofill = useAutofill(webauthn, formShown && !config.enableShadowDOM);
  const sessionDuration = config.sessionOptions.sessionDurationMinutes;

  const signedIn = (result: WebauthnAuthenticateResponse) => {
    emit({ type: StytchEventType.PasskeyAuthenticate, data: result });
    dispatch({ type: 'transition', screen: 'PasskeyConfirmation' });
  };
  const failed = (cause: unknown) => setError(fail(cause, signInMessage(cause, t)));

  useEffect(() => {
    if (!autofill) return;
    const controller = new AbortController();
    webauthn
      .autofill({ session_duration_minutes: sessionDuration, signal: controller.signal, onError: (cause) => !controller.signal.aborted && failed(cause) })
      .then(
        (result) => result && !controller.signal.aborted && signedIn(result),
        (cause: unknown) => !controller.signal.aborted && failed(cause),
      );
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

  if (autofill === null) return null;
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
