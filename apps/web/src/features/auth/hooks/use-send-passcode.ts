import { useMutation } from '@tanstack/react-query';
import { consoleAuthClient } from '../../../lib/auth/auth-client';
import { getOrCreateUser } from '../api/get-or-create-user';
import { sendEmailPasscode } from '../api/send-email-passcode';

/** Where a passcode went: an email address, or a phone number by SMS (ADR 104). */
export type PasscodeDestination = { channel: 'email' | 'sms'; to: string };
export type SentPasscode = PasscodeDestination & { methodId: string; sentAt: number };

/**
 * Email: registers the address with the product, then sends it a passcode through the auth SDK. SMS: texts the
 * number a passcode through the auth SDK. Errors are shown by the caller (inline, or a toast on resend).
 */
export function useSendPasscode() {
  return useMutation({
    meta: { toast: false },
    mutationFn: async ({ channel, to }: PasscodeDestination): Promise<SentPasscode> => {
      if (channel === 'sms') {
        const auth = await consoleAuthClient();
        const sent = await auth.otps.sms.loginOrCreate(to);
        return { channel, to, methodId: sent.method_id, sentAt: Date.now() };
      }
      const user = await getOrCreateUser(to);
      const methodId = await sendEmailPasscode({ email: to, templateId: user.templateId });
      return { channel, to, methodId, sentAt: Date.now() };
    },
  });
}
