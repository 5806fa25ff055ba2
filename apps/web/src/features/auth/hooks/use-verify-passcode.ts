import { useMutation } from '@tanstack/react-query';
import { authenticateSession } from '../api/authenticate-session';
import { verifyEmailPasscode } from '../api/verify-email-passcode';

/** The product session could not be started from a valid code. */
export class SessionStartError extends Error {
  override readonly name = 'SessionStartError';
}

type VerifyInput = { methodId: string; code: string };

/** Authenticates the passcode with the auth SDK, then exchanges its session token for the product session (cookie). */
export function useVerifyPasscode() {
  return useMutation({
    meta: { toast: false },
    mutationFn: async ({ methodId, code }: VerifyInput): Promise<void> => {
      const sessionToken = await verifyEmailPasscode(methodId, code);
      const result = await authenticateSession(sessionToken).catch(() => null);
      if (!result?.ok) throw new SessionStartError('Error signing in');
    },
  });
}
