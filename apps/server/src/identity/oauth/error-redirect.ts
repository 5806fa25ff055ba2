import type { DomainError } from '../../platform/domain-errors.ts';

/**
 * Where a failed OAuth callback sends the browser once its flow (and so the app's login URL) is known
 * (docs/decisions/103): the login URL with `stytch_token_type=oauth`, `error` (the spec §8 error_type),
 * `error_description` (its message) and, when the provider sent the user back with an error, `provider_error`
 * (`access_denied` when they declined). The app shows it; no JSON error page is left on screen.
 */
export function errorLink(loginUrl: string, error: DomainError, providerError: string | undefined): string {
  const url = new URL(loginUrl);
  url.searchParams.delete('token');
  url.searchParams.set('stytch_token_type', 'oauth');
  url.searchParams.set('error', error.errorType);
  url.searchParams.set('error_description', error.message);
  if (providerError) url.searchParams.set('provider_error', providerError);
  return url.toString();
}

/**
 * The provider's `error` as it may appear in the app's URL: an OAuth error code (RFC 6749 §4.1.2.1, such as
 * `access_denied`), else `unknown_error`. Its free-text `error_description` is never passed on: anyone can send a
 * browser to the callback with a flow they started, and the app's login page must not show their words.
 */
export function providerErrorCode(error: string): string {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(error) ? error : 'unknown_error';
}
