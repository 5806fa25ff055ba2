import { consoleAuthClient } from '../../../lib/auth/auth-client';

/** How long the auth session of a console sign-in lasts. */
export const SESSION_DURATION_MINUTES = 60;

/**
 * Checks the passcode through the auth SDK (step 3 of sign-in) and resolves to the SDK's session token; a wrong
 * code rejects with the SDK's `ApiError` (`otp_code_not_found`).
 */
export async function verifyEmailPasscode(methodId: string, code: string): Promise<string> {
  const auth = await consoleAuthClient();
  await auth.otps.authenticate(code, methodId, { session_duration_minutes: SESSION_DURATION_MINUTES });
  const tokens = auth.session.getTokens();
  if (!tokens) throw new Error('The auth service answered without a session.');
  return tokens.session_token;
}
