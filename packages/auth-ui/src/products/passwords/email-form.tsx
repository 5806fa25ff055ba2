// The Email tab when `passwords` is on (spec §4 "Widget", §5: the password tab is used for email): users/search
// tells new, password or passwordless; the email and type go to passwordState. New and password users go to
// Password Create Or Login; a passwordless user (an account without a password) is emailed a link to set one
// and goes to Password Set New.
import type { PasswordsApi } from '@keepsake/auth-js/passwords';
import type { UserSearchApi } from '@keepsake/auth-js/user-search';
import { EmailForm } from '../../components/email-form.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { startReset } from './reset-start.ts';

export function PasswordEmailForm() {
  const { client, config, state, dispatch, emit } = useWidget();
  const locale = useLocale();
  const submit = async (email: string) => {
    const { user_type: type } = await (client.userSearch as UserSearchApi).search(email);
    if (type === 'passwordless') {
      const sent = await startReset(client.passwords as PasswordsApi, email, config.passwordOptions, locale);
      emit({ type: StytchEventType.PasswordResetByEmailStart, data: sent });
    }
    dispatch({ type: 'updatePasswordState', passwordState: { email, type } });
    dispatch({ type: 'transition', screen: type === 'passwordless' ? 'PasswordSetNew' : 'PasswordCreateOrLogin' });
  };
  return <EmailForm initialEmail={state.passwordState.email} invalid="email.invalid.link" submit={submit} />;
}
