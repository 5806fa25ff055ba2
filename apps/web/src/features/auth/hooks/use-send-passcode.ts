import { useMutation } from '@tanstack/react-query';
import { getOrCreateUser } from '../api/get-or-create-user';
import { sendEmailPasscode } from '../api/send-email-passcode';

export type SentPasscode = { email: string; methodId: string; sentAt: number };

/**
 * Registers the email with the product, then sends it a passcode through the auth SDK. Errors are shown by the
 * caller (inline, or a toast on resend).
 */
export function useSendPasscode() {
  return useMutation({
    meta: { toast: false },
    mutationFn: async (email: string): Promise<SentPasscode> => {
      const user = await getOrCreateUser(email);
      const methodId = await sendEmailPasscode({ email, templateId: user.templateId });
      return { email, methodId, sentAt: Date.now() };
    },
  });
}
