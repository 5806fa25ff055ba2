// Email Confirmation, 'Check your email' (spec §2): the address (truncated at 20 characters, §9), Gmail, Yahoo
// and Outlook links, Resend ('Email resent'), and 'Try again', which clears the magic-link email and returns to
// Main. Telemetry (§7): email_sent when shown, email_try_again_clicked on 'Try again'.
import type { MagicLinksApi } from '@keepsake/auth-js/magic-links';
import { useEffect } from 'preact/hooks';
import { MailProviderLinks, ResendEmail } from '../../components/check-email.tsx';
import { StytchEventType, TELEMETRY } from '../../events.ts';
import { truncateEmail } from '../../format.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { sendMagicLink } from './send.ts';

export function EmailConfirmationScreen() {
  const { client, config, t, state, dispatch, emit } = useWidget();
  const locale = useLocale();
  const { email } = state.magicLinkState;
  useEffect(() => client.telemetry.track(TELEMETRY.emailSent), [client]);

  const resend = async () => {
    const sent = await sendMagicLink(client.magicLinks as MagicLinksApi, email, config.emailMagicLinksOptions, locale);
    emit({ type: StytchEventType.MagicLinkLoginOrCreateEvent, data: sent });
  };
  const tryAgain = () => {
    client.telemetry.track(TELEMETRY.emailTryAgainClicked);
    dispatch({ type: 'setMagicLinkEmail', email: '' });
    dispatch({ type: 'transition', screen: 'Main' });
  };

  return (
    <div class="ks-screen">
      <h1 class="ks-header">{t('eml.confirmation.header')}</h1>
      <p class="ks-text">{t('eml.confirmation.sentTo', { email: truncateEmail(email) })}</p>
      <MailProviderLinks />
      <ResendEmail send={resend} />
      <button type="button" class="ks-button ks-button-secondary" onClick={tryAgain}>
        {t('eml.confirmation.tryAgain')}
      </button>
    </div>
  );
}
