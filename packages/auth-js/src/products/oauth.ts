// `client.oauth` (spec §7: a redirect to `/v1/public/oauth/{provider}/start`, then `POST /oauth/authenticate`).
// Not offered by this server yet: every method rejects with 'Provider oauth is not yet supported'.
import { defineProduct } from '../core/product.ts';
import type { AuthenticateResponse } from '../types.ts';
import { notSupported } from './not-supported.ts';

/** Spec §3 OAuth providers. */
export const OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;

/** One of the spec §3 OAuth providers. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Spec §7 OAuth start: redirect URLs, extra scopes and provider parameters. */
export type OAuthStartOptions = {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
};

/** `client.oauth` (rejects with 'Provider oauth is not yet supported'). */
export type OAuthApi = { readonly [P in OAuthProvider]: { start(options?: OAuthStartOptions): Promise<void> } } & {
  /** Finishes an OAuth sign-in with the `token` of the redirect. */
  authenticate(token: string, options?: { session_duration_minutes?: number }): Promise<AuthenticateResponse>;
};

/**
 * The OAuth product (not supported by this server yet).
 * @example
 * import { oauth } from '@keepsake/auth-js/oauth';
 * await client.oauth.google.start(); // rejects: Provider oauth is not yet supported
 */
export const oauth = defineProduct('oauth', (): OAuthApi => {
  const providers = Object.fromEntries(OAUTH_PROVIDERS.map((provider) => [provider, { start: notSupported('oauth', `oauth.${provider}.start`) }]));
  return { ...(providers as Pick<OAuthApi, OAuthProvider>), authenticate: notSupported('oauth', 'oauth.authenticate') };
});
