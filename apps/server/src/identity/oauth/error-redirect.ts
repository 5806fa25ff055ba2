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
  if (providerError) url.searchParams.set('provider_error', providerError.slice(0, 100));
  return url.toString();
}
