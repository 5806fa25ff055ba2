// The OAuth providers of spec §3 as the buttons name them ('Continue with {provider}'), and the redirect options
// of a start (spec §7: login and signup redirect URLs, custom_scopes, provider_params).
import type { OAuthProvider, OAuthStartOptions } from '@keepsake/auth-js/oauth';
import type { OAuthOptions, OAuthProviderConfig } from '../../config.ts';

export const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};

export const isProvider = (type: string): type is OAuthProvider => Object.hasOwn(PROVIDER_NAMES, type);

/** The redirect URLs of `oauthOptions`, as auth-js's start options. */
export function redirectOptions(options: OAuthOptions): Pick<OAuthStartOptions, 'login_redirect_url' | 'signup_redirect_url'> {
  return {
    ...(options.loginRedirectURL ? { login_redirect_url: options.loginRedirectURL } : {}),
    ...(options.signupRedirectURL ? { signup_redirect_url: options.signupRedirectURL } : {}),
  };
}

/** What `oauth.<provider>.start` is given for one configured provider. */
export function startOptions(options: OAuthOptions, provider: OAuthProviderConfig): OAuthStartOptions {
  return {
    ...redirectOptions(options),
    ...(provider.custom_scopes?.length ? { custom_scopes: [...provider.custom_scopes] } : {}),
    ...(provider.provider_params ? { provider_params: { ...provider.provider_params } } : {}),
  };
}
