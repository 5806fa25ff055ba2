// The passwords product's component-test helpers: a UI client with the password, user-search and magic-link calls
// spied (the network is the stand-in of testing.ts), and answers shaped as the server's.
import { ApiError } from '@keepsake/auth-js/errors';
import type { PasswordStrengthResponse } from '@keepsake/auth-js/types';
import type { UserSearchApi } from '@keepsake/auth-js/user-search';
import { vi } from 'vitest';
import { uiClient } from '../../testing.ts';

export function passwordClient() {
  const setup = uiClient();
  const { client } = setup;
  const userSearch = (client as unknown as { userSearch: UserSearchApi }).userSearch;
  return {
    ...setup,
    search: vi.spyOn(userSearch, 'search'),
    create: vi.spyOn(client.passwords, 'create'),
    login: vi.spyOn(client.passwords, 'authenticate'),
    strengthCheck: vi.spyOn(client.passwords, 'strengthCheck'),
    resetStart: vi.spyOn(client.passwords, 'resetByEmailStart'),
    resetByEmail: vi.spyOn(client.passwords, 'resetByEmail'),
    sendLink: vi.spyOn(client.magicLinks.email, 'loginOrCreate'),
    authenticateLink: vi.spyOn(client.magicLinks, 'authenticate'),
  };
}

export const userType = (type: 'new' | 'password' | 'passwordless') => ({ status_code: 200, request_id: 'request-1', user_type: type, userType: type });

export const signedIn = {
  status_code: 200,
  request_id: 'request-2',
  user_id: 'user-1',
  email_id: 'email-1',
  session_token: 'session-token',
  session_jwt: 'session-jwt',
} as unknown as Awaited<ReturnType<ReturnType<typeof passwordClient>['client']['passwords']['create']>>;

export const resetSent = { status_code: 200, request_id: 'request-3' };

const luds = { has_lower_case: true, has_upper_case: false, has_digit: false, has_symbol: false, missing_complexity: 2, missing_characters: 3 };

export function strength(overrides: Partial<PasswordStrengthResponse> & { luds?: Partial<typeof luds> } = {}): PasswordStrengthResponse {
  const { luds: ludsOverrides, ...rest } = overrides;
  return {
    status_code: 200,
    request_id: 'request-4',
    valid_password: false,
    score: 1,
    breached_password: false,
    strength_policy: 'zxcvbn',
    breach_detection_on_create: true,
    feedback: { warning: 'This is a very common password.', suggestions: ['Add another word or two.'], luds_requirements: { ...luds, ...ludsOverrides } },
    ...rest,
  };
}

/** An API error as auth-js throws it for the server's error body. */
export const apiError = (error_type: string, error_message: string) =>
  new ApiError({ status_code: 400, request_id: 'request-5', error_type, error_message, error_url: 'https://keepsake.dev/errors' });
