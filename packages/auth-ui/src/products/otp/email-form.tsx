// The Email tab of the Main screen when `otp` with the email method is on (spec §2, §4 "Widget"): the address is
// checked (§5 'Invalid email, please try again.'), a passcode is sent, and the widget moves to OTP Authenticate.
import type { OtpEmailOptions, OtpsApi } from '@keepsake/auth-js/otps';
import { EmailForm } from '../../components/email-form.tsx';
import { StytchEventType } from '../../events.ts';
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
  const { client, config, state, dispatch, emit } = useWidget();
  const submit = async (address: string) => {
    const sent = await sendEmailCode(client.otps as OtpsApi, address, config.otpOptions);
    emit({ type: StytchEventType.OTPsLoginOrCreateEvent, data: sent });
    dispatch({ type: 'updateOtpState', otpState: { type: 'email', methodId: sent.method_id, otpDestination: address } });
    dispatch({ type: 'transition', screen: 'OTPAuthenticate' });
  };
  const initialEmail = state.otpState?.type === 'email' ? state.otpState.otpDestination : '';
  return <EmailForm initialEmail={initialEmail} invalid="email.invalid.otp" submit={submit} />;
}
