// Creating a passkey for the signed-in user (Register New Passkey and 'Add another Passkey'): the browser's
// ceremony through auth-js, PASSKEY_REGISTER and a 'Passkey created' toast on success, the §8 message otherwise.
import type { WebauthnApi } from '@keepsake/auth-js/webauthn';
import { useState } from 'preact/hooks';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { registrationMessage } from './messages.ts';

export function useRegister(): { register: () => Promise<boolean>; submitting: boolean; error: string } {
  const { client, config, t, emit, fail, toast } = useWidget();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const register = async () => {
    setError('');
    setSubmitting(true);
    try {
      const result = await (client.webauthn as WebauthnApi).register({
        is_passkey: true,
        session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
      });
      emit({ type: StytchEventType.PasskeyRegister, data: result });
      toast(t('passkeys.created'), 'success');
      return true;
    } catch (cause) {
      setError(fail(cause, registrationMessage(cause, t)));
      return false;
    } finally {
      setSubmitting(false);
    }
  };
  return { register, submitting, error };
}
