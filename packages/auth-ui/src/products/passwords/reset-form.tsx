// Password Reset Form, the reset-password mount mode (spec §2, §4): the page the reset email's link opens mounts
// it with the link's token. A new password is strength-checked as typed (Continue disabled until valid) and
// `passwords.resetByEmail` signs the user in: Password Confirmation. When the URL's `stytch_token_type` is
// `login` (the email's one-click login link), the token is a magic link: it is authenticated at once and the
// screen says 'Logging in'.
import type { MagicLinksApi } from '@keepsake/auth-js/magic-links';
import type { PasswordsApi } from '@keepsake/auth-js/passwords';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { PasswordField } from './password-field.tsx';
import { StrengthFeedback, usePasswordStrength } from './strength.tsx';

/** The page's `stytch_token_type` query parameter (the reset email's links carry it). */
export function tokenTypeOfPage(): string | null {
  return typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('stytch_token_type');
}

function LoggingIn() {
  const { client, config, t, state, dispatch, fail } = useWidget();
  const startedRef = useRef(false);
  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;
    const options = { session_duration_minutes: config.sessionOptions.sessionDurationMinutes };
    (client.magicLinks as MagicLinksApi).authenticate(state.resetPasswordToken, options).then(
      () => dispatch({ type: 'transition', screen: 'PasswordConfirmation' }),
      (error: unknown) => dispatch({ type: 'setError', errorMessage: fail(error) }),
    );
  }, [client, config, state.resetPasswordToken, dispatch, fail]);
  return (
    <div class="ks-screen">
      <h1 class="ks-header">{t('password.loggingIn')}</h1>
      {state.errorMessage ? null : <span class="ks-spinner ks-align-center" aria-hidden="true" />}
      <ErrorText id="ks-login-error" message={state.errorMessage} />
    </div>
  );
}

function NewPasswordForm() {
  const { client, config, t, state, dispatch, emit, fail } = useWidget();
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const strength = usePasswordStrength(undefined, password);

  const submit = async (event: Event) => {
    event.preventDefault();
    setSubmitting(true);
    dispatch({ type: 'clearError' });
    try {
      const result = await (client.passwords as PasswordsApi).resetByEmail({
        token: state.resetPasswordToken,
        password,
        session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
      });
      emit({ type: StytchEventType.PasswordResetByEmail, data: result });
      dispatch({ type: 'transition', screen: 'PasswordConfirmation' });
    } catch (error) {
      dispatch({ type: 'setError', errorMessage: fail(error) });
      setSubmitting(false);
    }
  };

  const describedBy = ['ks-password-strength', state.errorMessage ? 'ks-password-error' : ''].filter(Boolean).join(' ');
  return (
    <div class="ks-screen">
      <h1 class="ks-header">{t('password.reset.header')}</h1>
      <form class="ks-form" noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          label={t('password.reset.label')}
          value={password}
          autoComplete="new-password"
          describedBy={describedBy}
          invalid={state.errorMessage !== ''}
          onInput={setPassword}
        />
        <StrengthFeedback id="ks-password-strength" result={strength.result} error={strength.error} />
        <ErrorText id="ks-password-error" message={state.errorMessage} />
        <Button type="submit" loading={submitting} disabled={!strength.valid}>
          {t('main.continue')}
        </Button>
      </form>
    </div>
  );
}

export function PasswordResetFormScreen() {
  const { t, state } = useWidget();
  const [tokenType] = useState(tokenTypeOfPage);
  if (!state.resetPasswordToken)
    return (
      <div class="ks-screen">
        <h1 class="ks-header">{t('password.reset.header')}</h1>
        <ErrorText id="ks-reset-error" message={t('password.reset.noToken')} />
      </div>
    );
  return tokenType === 'login' ? <LoggingIn /> : <NewPasswordForm />;
}
