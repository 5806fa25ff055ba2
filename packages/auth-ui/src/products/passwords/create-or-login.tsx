// Password Create Or Login (spec §4 "Password flow"): a new user creates a password (strength checked as typed,
// Continue disabled until valid), a user with a password logs in ('Forgot password?' emails a reset link, then
// Password Forgot). Either way success goes to Password Confirmation; a `reset_password` answer (the address
// already has an account, or the password was found in a breach) means a reset email was sent: Password Dedupe
// after create, Password Breached after login. With magic links on as well, 'Email me a login link' is offered.
import type { MagicLinksApi } from '@keepsake/auth-js/magic-links';
import type { PasswordsApi } from '@keepsake/auth-js/passwords';
import { RESET_PASSWORD_EMAILED_MESSAGE } from '@keepsake/wire/sdk/password-reset';
import { useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { BackToMain } from '../../components/back-button.tsx';
import { Products } from '../../config.ts';
import { StytchEventType } from '../../events.ts';
import { truncateEmail } from '../../format.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { sendMagicLink } from '../email-magic-links/send.ts';
import { PasswordField } from './password-field.tsx';
import { startReset } from './reset-start.ts';
import { StrengthFeedback, usePasswordStrength } from './strength.tsx';

const isResetPassword = (error: unknown) => (error as { error_type?: string } | null)?.error_type === 'reset_password';
/** The server's reset_password answer says whether it emailed a link itself (only with a project default URL). */
const serverEmailed = (error: unknown) => (error as { error_message?: string }).error_message === RESET_PASSWORD_EMAILED_MESSAGE;

export function PasswordCreateOrLoginScreen() {
  const { client, config, t, state, dispatch, emit, fail } = useWidget();
  const locale = useLocale();
  const passwords = client.passwords as PasswordsApi;
  const { email, type } = state.passwordState;
  const creating = type === 'new';
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'' | 'submit' | 'forgot' | 'link'>('');
  const strength = usePasswordStrength(email, creating ? password : '');

  /** Runs a step with its spinner; a failure shows its message (and reaches onError). */
  const run = async (which: 'submit' | 'forgot' | 'link', step: () => Promise<void>) => {
    setBusy(which);
    dispatch({ type: 'clearError' });
    try {
      await step();
    } catch (error) {
      dispatch({ type: 'setError', errorMessage: fail(error) });
      setBusy('');
    }
  };

  const submit = (event: Event) => {
    event.preventDefault();
    void run('submit', async () => {
      const credentials = { email, password, session_duration_minutes: config.sessionOptions.sessionDurationMinutes };
      try {
        const result = creating ? await passwords.create(credentials) : await passwords.authenticate(credentials);
        emit({ type: creating ? StytchEventType.PasswordCreate : StytchEventType.PasswordAuthenticate, data: result });
        dispatch({ type: 'transition', screen: 'PasswordConfirmation' });
      } catch (error) {
        if (!isResetPassword(error)) throw error;
        // The screen says a link was sent, so one is: the widget asks for it (to its own reset URL when it has one,
        // else the project's default) unless the server already emailed one. A refusal is shown here instead.
        if (config.passwordOptions.resetPasswordRedirectURL || !serverEmailed(error)) await startReset(passwords, email, config.passwordOptions, locale);
        dispatch({ type: 'transition', screen: creating ? 'PasswordDedupe' : 'PasswordBreached' });
      }
    });
  };

  const forgot = () =>
    void run('forgot', async () => {
      const sent = await startReset(passwords, email, config.passwordOptions, locale);
      emit({ type: StytchEventType.PasswordResetByEmailStart, data: sent });
      dispatch({ type: 'transition', screen: 'PasswordForgot' });
    });

  const emailLink = () =>
    void run('link', async () => {
      const sent = await sendMagicLink(client.magicLinks as MagicLinksApi, email, config.emailMagicLinksOptions, locale);
      emit({ type: StytchEventType.MagicLinkLoginOrCreateEvent, data: sent });
      dispatch({ type: 'setMagicLinkEmail', email });
      dispatch({ type: 'transition', screen: 'EmailConfirmation' });
    });

  const canSubmit = creating ? strength.valid : password !== '';
  const describedBy = [creating ? 'ks-password-strength' : '', state.errorMessage ? 'ks-password-error' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="ks-screen">
      <BackToMain label={t('password.back')} />
      <h1 class="ks-header">{t(creating ? 'password.create.header' : 'password.login.header')}</h1>
      <p class="ks-text ks-secondary">{truncateEmail(email)}</p>
      <form class="ks-form" noValidate onSubmit={submit}>
        {/* The email for password managers, which pair it with the password. */}
        <input type="email" name="email" autoComplete="username" value={email} hidden readOnly />
        <PasswordField
          label={t('password.label')}
          value={password}
          autoComplete={creating ? 'new-password' : 'current-password'}
          describedBy={describedBy}
          invalid={state.errorMessage !== ''}
          onInput={setPassword}
        />
        {creating ? <StrengthFeedback id="ks-password-strength" result={strength.result} error={strength.error} /> : null}
        <ErrorText id="ks-password-error" message={state.errorMessage} />
        <Button type="submit" loading={busy === 'submit'} disabled={!canSubmit || busy !== ''}>
          {t('main.continue')}
        </Button>
      </form>
      {creating ? null : (
        <button type="button" class="ks-link ks-align-start" disabled={busy !== ''} onClick={forgot}>
          {t('password.forgot')}
        </button>
      )}
      {config.products.includes(Products.emailMagicLinks) ? (
        <Button variant="secondary" loading={busy === 'link'} disabled={busy !== ''} onClick={emailLink}>
          {t('password.emailLoginLink')}
        </Button>
      ) : null}
    </div>
  );
}
