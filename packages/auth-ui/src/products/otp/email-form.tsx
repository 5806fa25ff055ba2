// The Email tab of the Main screen when `otp` with the email method is on (spec §2, §4 "Widget"): the address is
// checked (§5 'Invalid email, please try again.'), a passcode is sent, and the widget moves to OTP Authenticate.
import type { OtpEmailOptions, OtpsApi } from '@keepsake/auth-js/otps';
import { useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { StytchEventType } from '../../events.ts';
import { EMAIL_PATTERN } from '../../format.ts';
import { useWidget } from '../../widget/context.ts';

/** Sends the email passcode with the config's options (used by the form and by Resend). */
export function sendEmailCode(otps: OtpsApi, email: string, options: ReturnType<typeof useWidget>['config']['otpOptions']) {
  return otps.email.loginOrCreate(email, {
    expiration_minutes: options.expirationMinutes,
    // The server knows its template names (§9); the config passes whatever the developer chose, and the server answers.
    ...(options.loginTemplateId ? { login_template_id: options.loginTemplateId as OtpEmailOptions['login_template_id'] } : {}),
    ...(options.signupTemplateId ? { signup_template_id: options.signupTemplateId as OtpEmailOptions['signup_template_id'] } : {}),
  });
}

export function EmailOtpForm() {
  const { client, config, t, state, dispatch, emit, fail } = useWidget();
  const [email, setEmail] = useState(state.otpState?.type === 'email' ? state.otpState.otpDestination : '');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    // The field's own value: a submit may come before the re-render that follows the last keystroke.
    const field = (event.currentTarget as HTMLFormElement).elements.namedItem('email') as HTMLInputElement;
    const address = field.value.trim();
    setEmail(field.value);
    if (!EMAIL_PATTERN.test(address)) return dispatch({ type: 'setError', errorMessage: t('email.invalid.otp') });
    dispatch({ type: 'clearError' });
    setSubmitting(true);
    try {
      const sent = await sendEmailCode(client.otps as OtpsApi, address, config.otpOptions);
      emit({ type: StytchEventType.OTPsLoginOrCreateEvent, data: sent });
      dispatch({ type: 'updateOtpState', otpState: { type: 'email', methodId: sent.method_id, otpDestination: address } });
      dispatch({ type: 'transition', screen: 'OTPAuthenticate' });
    } catch (error) {
      dispatch({ type: 'setError', errorMessage: fail(error) });
      setSubmitting(false);
    }
  };

  return (
    <form class="ks-form" noValidate onSubmit={(event) => void submit(event)}>
      <label class="ks-label" for="ks-email">
        {t('main.email.label')}
      </label>
      <input
        id="ks-email"
        class="ks-input"
        type="email"
        name="email"
        autoComplete="username webauthn"
        placeholder={t('main.email.placeholder')}
        value={email}
        aria-invalid={state.errorMessage ? true : undefined}
        aria-describedby={state.errorMessage ? 'ks-email-error' : undefined}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <ErrorText id="ks-email-error" message={state.errorMessage} />
      <Button type="submit" loading={submitting}>
        {t('main.continue')}
      </Button>
    </form>
  );
}
