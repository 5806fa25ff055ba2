// The password screens that say a link was emailed (spec §2, §4 "Password flow"): Password Forgot (a reset link
// asked for), Password Dedupe (create for an address that already has an account), Password Breached (login
// with a password found in a breach) and Password Set New (an account without a password). Each shows the
// address (truncated, §9), the Gmail / Yahoo / Outlook links, Resend ('Email resent') and the back arrow.
import type { PasswordsApi } from '@keepsake/auth-js/passwords';
import { BackToMain } from '../../components/back-button.tsx';
import { MailProviderLinks, ResendEmail } from '../../components/check-email.tsx';
import { Message } from '../../components/message.tsx';
import { StytchEventType } from '../../events.ts';
import { truncateEmail } from '../../format.ts';
import type { StringKey } from '../../strings.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { startReset } from './reset-start.ts';

function EmailedScreen({ header, text, lead }: { header: StringKey; text: StringKey; lead?: StringKey }) {
  const { client, config, t, state, emit } = useWidget();
  const locale = useLocale();
  const { email } = state.passwordState;
  const resend = async () => {
    const sent = await startReset(client.passwords as PasswordsApi, email, config.passwordOptions, locale);
    emit({ type: StytchEventType.PasswordResetByEmailStart, data: sent });
  };
  return (
    <div class="ks-screen">
      <BackToMain label={t('password.back')} />
      <h1 class="ks-header">{t(header)}</h1>
      {lead ? <Message variant="warning" text={t(lead)} /> : null}
      <p class="ks-text">{t(text, { email: truncateEmail(email) })}</p>
      <MailProviderLinks />
      <ResendEmail send={resend} />
    </div>
  );
}

export const PasswordForgotScreen = () => <EmailedScreen header="password.forgot.header" text="password.forgot.text" />;
export const PasswordDedupeScreen = () => <EmailedScreen header="password.dedupe.header" text="password.dedupe.text" />;
export const PasswordBreachedScreen = () => <EmailedScreen header="password.breached.header" lead="password.breached" text="password.breached.text" />;
export const PasswordSetNewScreen = () => <EmailedScreen header="password.setNew.header" text="password.setNew.text" />;
