// The Email tab when `emailMagicLinks` is on (spec §4 "Widget"): a login-or-create magic link is sent, the email
// is kept (magicLinkState), and the widget moves to Email Confirmation.
import type { MagicLinksApi } from '@keepsake/auth-js/magic-links';
import { EmailForm } from '../../components/email-form.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { sendMagicLink } from './send.ts';

export function MagicLinkEmailForm() {
  const { client, config, state, dispatch, emit } = useWidget();
  const locale = useLocale();
  const submit = async (email: string) => {
    const sent = await sendMagicLink(client.magicLinks as MagicLinksApi, email, config.emailMagicLinksOptions, locale);
    emit({ type: StytchEventType.MagicLinkLoginOrCreateEvent, data: sent });
    dispatch({ type: 'setMagicLinkEmail', email });
    dispatch({ type: 'transition', screen: 'EmailConfirmation' });
  };
  return <EmailForm initialEmail={state.magicLinkState.email} invalid="email.invalid.link" submit={submit} />;
}
