import { ApiError, InvalidInputError, ServerUnreachableError } from '@keepsake/auth-js/errors';
import { describe, expect, it } from 'vitest';
import { authErrorMessage, isInvalidPasscodeError } from './auth-error-message';

const apiError = (status: number, type: string, message: string) =>
  new ApiError({ status_code: status, request_id: 'request-id-1', error_type: type, error_message: message, error_url: 'http://x/docs/errors' });

describe('authErrorMessage (spec §8: server error_message, else the error message)', () => {
  it("shows the server's message, the input check's text, or the SDK's one-liner", () => {
    expect(authErrorMessage(apiError(429, 'too_many_requests', 'Too many attempts, wait a bit.'))).toBe('Too many attempts, wait a bit.');
    expect(authErrorMessage(new InvalidInputError('otps.email.loginOrCreate', 'email', 'Invalid email, please try again.'))).toBe(
      'Invalid email, please try again.',
    );
    expect(authErrorMessage(new ServerUnreachableError({ cause: new TypeError('fetch failed') }))).toBe('Unable to contact our servers.');
    expect(authErrorMessage(new Error('plain'))).toBe('plain');
  });

  it('knows a wrong passcode', () => {
    expect(isInvalidPasscodeError(apiError(404, 'otp_code_not_found', 'wrong'))).toBe(true);
    expect(isInvalidPasscodeError(apiError(401, 'unable_to_auth_otp_code', 'wrong'))).toBe(true);
    expect(isInvalidPasscodeError(apiError(429, 'too_many_requests', 'slow'))).toBe(false);
    expect(isInvalidPasscodeError(new Error('otp_code_not_found'))).toBe(false);
  });
});
