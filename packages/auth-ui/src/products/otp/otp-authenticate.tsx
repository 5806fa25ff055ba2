// OTP Authenticate (spec §4 "Widget", §5, §8, §9): digits only, at most 6, submitted at the 6th (a spinner
// while it is checked); the countdown shows m:ss and then 'Your code has expired.'; Resend sends a new code by the
// same channel and restarts the expiry ('Code resent'); the back arrow returns to Main; a verified code leads to
// the Success screen. An email is shown truncated at 20 characters, a phone number whole.
import type { OtpsApi } from '@keepsake/auth-js/otps';
import { useEffect, useState } from 'preact/hooks';
import { BackToMain } from '../../components/back-button.tsx';
import { ErrorText } from '../../components/button.tsx';
import { StytchEventType } from '../../events.ts';
import { minutesSeconds, truncateEmail } from '../../format.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { sendPasscode } from './send.ts';

/** Spec §9: passcode length. */
export const PASSCODE_LENGTH = 6;
const WRONG_CODE = new Set(['otp_code_not_found', 'unable_to_auth_otp_code']);

/** The code's expiry and the clock, read together each second; `restart` sets a new expiry from now. */
function useExpiry(expiryMs: number): { secondsLeft: number; restart(): void } {
  const [clock, setClock] = useState(() => {
    const now = Date.now();
    return { now, expiresAt: now + expiryMs };
  });
  useEffect(() => {
    const timer = setInterval(() => setClock((current) => ({ ...current, now: Date.now() })), 1_000);
    return () => clearInterval(timer);
  }, [clock.expiresAt]);
  const restart = () => {
    const now = Date.now();
    setClock({ now, expiresAt: now + expiryMs });
  };
  return { secondsLeft: Math.max(0, (clock.expiresAt - clock.now) / 1_000), restart };
}

export function OtpAuthenticateScreen() {
  const { client, config, t, state, dispatch, emit, fail, toast } = useWidget();
  const otps = client.otps as OtpsApi;
  const locale = useLocale();
  const otpState = state.otpState!;
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const expiry = useExpiry(config.otpOptions.expirationMinutes * 60_000);

  const authenticate = async (value: string) => {
    setSubmitting(true);
    dispatch({ type: 'clearError' });
    try {
      const result = await otps.authenticate(value, otpState.methodId, { session_duration_minutes: config.sessionOptions.sessionDurationMinutes });
      emit({ type: StytchEventType.OTPsAuthenticate, data: result });
      dispatch({ type: 'transition', screen: 'OTPConfirmation' });
    } catch (error) {
      const message = fail(error);
      const wrong = WRONG_CODE.has((error as { error_type?: string }).error_type ?? '');
      dispatch({ type: 'setError', errorMessage: wrong ? t('otp.invalid') : message });
      setCode('');
      setSubmitting(false);
    }
  };

  const resend = async () => {
    try {
      const sent = await sendPasscode(otps, otpState.type, otpState.otpDestination, config.otpOptions, locale);
      emit({ type: StytchEventType.OTPsLoginOrCreateEvent, data: sent });
      dispatch({ type: 'updateOtpState', otpState: { ...otpState, methodId: sent.method_id } });
      dispatch({ type: 'clearError' });
      expiry.restart();
      toast(t('otp.resent'), 'success');
    } catch (error) {
      toast(fail(error), 'error');
    }
  };

  const onInput = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const digits = input.value.replace(/\D/g, '').slice(0, PASSCODE_LENGTH);
    input.value = digits;
    setCode(digits);
    if (digits.length === PASSCODE_LENGTH && !submitting) void authenticate(digits);
  };

  return (
    <div class="ks-screen">
      <BackToMain label={t('otp.back')} />
      <h1 class="ks-header">{t('otp.header')}</h1>
      <p class="ks-text">{t('otp.sentTo', { destination: otpState.type === 'email' ? truncateEmail(otpState.otpDestination) : otpState.otpDestination })}</p>
      <label class="ks-label" for="ks-otp">
        {t('otp.code.label')}
      </label>
      <input
        id="ks-otp"
        class="ks-input ks-otp"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        maxLength={PASSCODE_LENGTH}
        value={code}
        disabled={submitting}
        aria-busy={submitting}
        aria-invalid={state.errorMessage ? true : undefined}
        aria-describedby={state.errorMessage ? 'ks-otp-error' : 'ks-otp-expiry'}
        onInput={onInput}
      />
      {submitting ? <span class="ks-spinner" role="status" aria-label={t('submitting')} /> : null}
      <ErrorText id="ks-otp-error" message={state.errorMessage} />
      <p id="ks-otp-expiry" class="ks-text ks-secondary">
        {expiry.secondsLeft > 0 ? t('otp.expiresIn', { time: minutesSeconds(expiry.secondsLeft) }) : t('otp.expired')}
      </p>
      <p class="ks-text ks-secondary">
        {t('otp.resendPrompt')}{' '}
        <button type="button" class="ks-link" onClick={() => void resend()}>
          {t('otp.resend')}
        </button>
      </p>
    </div>
  );
}
