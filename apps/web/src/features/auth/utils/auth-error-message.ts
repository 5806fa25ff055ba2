import { ApiError, AuthError, UsageError } from '@keepsake/auth-js/errors';

/**
 * What to show for a failed sign-in call (spec §8): the server's `error_message`, the input check's text, or the
 * SDK's one-line message ('Unable to contact our servers.', …).
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.error_message;
  if (error instanceof UsageError) return error.details || error.shortMessage;
  if (error instanceof AuthError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

/** A wrong or unknown code, as the auth service reports it. */
export function isInvalidPasscodeError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.error_type === 'otp_code_not_found' || error.error_type === 'unable_to_auth_otp_code' || error.status_code === 401)
  );
}
