// `client.oauth` (spec §7): `oauth.<provider>.start()` sends the browser to `/v1/public/oauth/{provider}/start`,
// with a PKCE challenge when the project's bootstrap requires it (`pkce_required_for_oauth`); the provider sends
// the user back to the redirect URL with `?stytch_token_type=oauth&token=…`, and `oauth.authenticate(token)`
// presents the token and the kept verifier. Without a verifier the §8 warning is shown. docs/oauth.md.
import { defineProduct, type AuthCore } from '../core/product.ts';
import { checkField, checkOptions, compact } from '../core/validate.ts';
import type { oauthAuthenticateBody } from '@keepsake/wire/sdk/oauth';
import type { OauthProvider as ServedProvider } from '@keepsake/wire/sdk/oauth-providers';
import type { z } from 'zod';
import type { AuthenticateResponse } from '../types.ts';
import { startGoogleOneTap, type OneTapRenderResult, type OneTapStartOptions } from './google-one-tap.ts';

export type { OneTapRenderResult, OneTapStartOptions } from './google-one-tap.ts';

/**
 * Spec §3 OAuth providers. The list is the server's (`@keepsake/wire/sdk/oauth-providers`), written out because
 * auth-js imports the wire package for types only (ADR 087); `satisfies` and the check below keep the two equal.
 */
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
] as const satisfies readonly ServedProvider[];

/** One of the spec §3 OAuth providers. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Fails to compile when the server serves a provider this list lacks. */
export type EveryServedProviderListed = [Exclude<ServedProvider, OAuthProvider>] extends [never] ? true : never;
true satisfies EveryServedProviderListed;

/** Spec §7 OAuth start: redirect URLs, extra scopes and provider parameters. */
export type OAuthStartOptions = {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
};

/** Spec §8: the warning when an OAuth token is redeemed without the verifier of a PKCE start. */
export const OAUTH_NO_VERIFIER_WARNING =
  '@keepsake/auth-js: oauth.authenticate was called without a PKCE code_verifier: this browser did not start the OAuth flow (or its storage was cleared). If the project requires PKCE, the call fails.';

type AuthenticateBody = z.input<typeof oauthAuthenticateBody>;

/** `client.oauth`. */
export type OAuthApi = { readonly [P in OAuthProvider]: { start(options?: OAuthStartOptions): Promise<void> } } & {
  /**
   * Google One Tap: shows Google's prompt for the project's Google client; a chosen account is sent to the
   * login or signup URL with an OAuth token (finish with `authenticate`). Resolves whether the prompt shows.
   * @example
   * const shown = await client.oauth.googleOneTap.start({ login_redirect_url: 'https://app.example.com/authenticate' });
   * if (!shown.success) showGoogleButton(); // shown.reason: a One Tap state such as 'oauth_config_not_found'
   */
  readonly googleOneTap: { start(options?: OneTapStartOptions): Promise<OneTapRenderResult> };
  /**
   * Finishes an OAuth sign-in with the `token` of the redirect (`?stytch_token_type=oauth&token=…`).
   * @example
   * await client.oauth.authenticate(new URLSearchParams(location.search).get('token')!, { session_duration_minutes: 60 });
   */
  authenticate(token: string, options?: { session_duration_minutes?: number }): Promise<AuthenticateResponse>;
};

const oneTapSchema = {
  login_redirect_url: 'string',
  signup_redirect_url: 'string',
  onOneTapCancelled: 'function',
  onOneTapError: 'function',
  prompt_parent_id: 'string',
} as const;
const startSchema = { login_redirect_url: 'string', signup_redirect_url: 'string', custom_scopes: 'strings', provider_params: 'object' } as const;

/** The start URL for `provider`: what `oauth.<provider>.start()` navigates to. */
export async function oauthStartUrl(core: AuthCore, provider: OAuthProvider, options: OAuthStartOptions = {}): Promise<string> {
  const url = new URL(`${core.baseUrl}/v1/public/oauth/${provider}/start`);
  url.searchParams.set('public_token', core.publicToken);
  const { pkce_required_for_oauth: pkce } = await core.bootstrap();
  core.pkce.clear('oauth');
  if (pkce) url.searchParams.set('code_challenge', (await core.pkce.getOrCreate('oauth')).code_challenge);
  if (options.custom_scopes?.length) url.searchParams.set('custom_scopes', options.custom_scopes.join(' '));
  for (const [name, value] of Object.entries(options.provider_params ?? {})) url.searchParams.set(`provider_${name}`, value);
  if (options.login_redirect_url) url.searchParams.set('login_redirect_url', options.login_redirect_url);
  if (options.signup_redirect_url) url.searchParams.set('signup_redirect_url', options.signup_redirect_url);
  return url.toString();
}

/**
 * The OAuth product.
 * @example
 * import { oauth } from '@keepsake/auth-js/oauth';
 * await client.oauth.google.start({ login_redirect_url: 'https://app.example.com/authenticate' });
 */
export const oauth = defineProduct('oauth', (core): OAuthApi => {
  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.map((provider) => [
      provider,
      {
        async start(options?: OAuthStartOptions) {
          checkOptions(`oauth.${provider}.start`, options, startSchema);
          core.navigate(await oauthStartUrl(core, provider, options));
        },
      },
    ]),
  );
  return {
    ...(providers as Pick<OAuthApi, OAuthProvider>),
    googleOneTap: {
      async start(options?: OneTapStartOptions) {
        checkOptions('oauth.googleOneTap.start', options, oneTapSchema);
        return startGoogleOneTap(core, options);
      },
    },
    async authenticate(token, options) {
      const method = 'oauth.authenticate';
      checkField(method, 'token', token, 'string', true);
      checkOptions(method, options, { session_duration_minutes: 'integer' });
      const code_verifier = core.pkce.verifier('oauth');
      if (!code_verifier) core.warn(OAUTH_NO_VERIFIER_WARNING);
      const data = await core.transport.request<AuthenticateResponse>({
        method: 'POST',
        path: '/oauth/authenticate',
        body: compact({ token, code_verifier, session_duration_minutes: options?.session_duration_minutes } satisfies AuthenticateBody),
      });
      core.pkce.clear('oauth');
      core.session.update(data);
      return data;
    },
  };
});
