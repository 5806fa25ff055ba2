import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  isUnrecoverableError,
  NoSessionError,
  ProviderNotSupportedError,
  ServerUnreachableError,
  UNRECOVERABLE_ERROR_TYPES,
  UsageError,
} from './errors.ts';

const body = (type: string) => ({
  status_code: 404,
  request_id: 'request-id-1',
  error_type: type,
  error_message: 'Not found.',
  error_url: 'http://x/docs/errors#x',
});

describe('errors (spec §8)', () => {
  it('are all AuthErrors with a short message and details', () => {
    const usage = new UsageError('otps.authenticate', 'code must be a string');
    expect(usage).toBeInstanceOf(AuthError);
    expect(usage.message).toBe('Invalid call to otps.authenticate\ncode must be a string');
    expect(new NoSessionError().message).toBe('There is no session currently available. Make sure the user is authenticated with a valid session.');
    const api = new ApiError(body('session_not_found'));
    expect(api.message).toContain('[404] session_not_found\nNot found.');
    expect(api.message).toContain('request_id: request-id-1');
  });

  it("names an unsupported provider with the spec's usage error", () => {
    const error = new ProviderNotSupportedError('webauthn.register', 'webauthn');
    expect(error).toBeInstanceOf(UsageError);
    expect(error.shortMessage).toBe('Provider webauthn is not yet supported');
    expect(error.method).toBe('webauthn.register');
  });

  it('walks the causes', () => {
    const network = new TypeError('fetch failed');
    const error = new ServerUnreachableError({ cause: network });
    expect(error.details).toBe('fetch failed');
    expect(error.walk()).toBe(network);
    expect(error.walk((e) => e instanceof TypeError)).toBe(network);
    expect(error.walk((e) => e instanceof RangeError)).toBeNull();
  });

  it('knows the four unrecoverable error types', () => {
    expect(UNRECOVERABLE_ERROR_TYPES).toEqual(['unauthorized_credentials', 'user_unauthenticated', 'invalid_secret_authentication', 'session_not_found']);
    expect(isUnrecoverableError(new ApiError(body('session_not_found')))).toBe(true);
    expect(isUnrecoverableError(new ApiError(body('otp_code_not_found')))).toBe(false);
    expect(isUnrecoverableError(new Error('session_not_found'))).toBe(false);
  });
});
