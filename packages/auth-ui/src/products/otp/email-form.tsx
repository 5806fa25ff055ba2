// The Email tab of the Main screen when `otp` with the email method is on (spec §2, §4 "Widget"): the address is
// checked (§5 'Invalid email, please try again.'), a passcode is sent, and the widget moves to OTP Authenticate.
import type { OtpsApi } from '@keepsake/auth-js/otps';
import { EmailForm } from '../../components/email-form.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { sendPasscode } from './send.ts';

export function EmailOtpForm() {
  const { client, config, state, dispatch, emit } = useWidget();
  const locale = useLocale();
  const submit = async (address: string) => {
    const sent = await sendPasscode(client.otps as OtpsApi, 'email', address, config.otpOptions, locale);
    emit({ type: StytchEventType.OTPsLoginOrCreateEvent, data: sent });
    dispatch({ type: 'updateOtpState', otpState: { type: 'email', methodId: sent.method_id, otpDestination: address } });
    dispatch({ type: 'transition', screen: 'OTPAuthenticate' });
  };
  const initialEmail = state.otpState?.type === 'email' ? state.otpState.otpDestination : '';
  return <EmailForm initialEmail={initialEmail} invalid="email.invalid.otp" submit={submit} />;
}
