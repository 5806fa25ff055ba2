import type { OauthProvider } from '@keepsake/wire/sdk/oauth';

/** The project's client at the provider, and where the provider sends the user back. */
export type ProviderClient = { clientId: string; clientSecret: string; redirectUri: string };

/** What every provider's profile maps to (docs/oauth.md lists each provider's fields). */
export type ProviderProfile = {
  /** The provider's stable id of the account. */
  subject: string;
  /** Lower case; undefined when the provider shares none. */
  email: string | undefined;
  /** Whether the provider vouches for the address. Only a verified address links to an existing user. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  pictureUrl: string;
};

/** The provider's tokens (spec: `provider_values`). */
export type ProviderTokens = { accessToken: string; refreshToken: string; idToken: string; expiresAt: Date | null; scopes: string[] };

/** The secrets of one flow, kept sealed between start and callback. */
export type FlowSecrets = { state: string; codeVerifier: string; nonce: string };

/**
 * One provider, whichever library drives it (openid-client, arctic, or our own for Amazon and Snapchat). Its
 * endpoints come from `OAUTH_ENDPOINTS` when set, so that tests point it at a stand-in.
 */
export interface OauthProviderAdapter {
  readonly type: OauthProvider;
  /** `form_post`: the provider POSTs its answer to the callback as a form (Apple); otherwise it redirects with a query. */
  readonly responseMode?: 'form_post';
  /** The scopes asked for before the project's and the request's custom scopes. */
  readonly defaultScopes: readonly string[];
  /** The provider's authorization URL for this flow; `params` are the start's `provider_*` parameters. */
  authorizationUrl(client: ProviderClient, flow: FlowSecrets, scopes: string[], params: Record<string, string>): Promise<URL>;
  /**
   * Exchanges the callback's code and reads the profile. `callbackUrl` carries the provider's answer as its query
   * (a form_post answer is copied there).
   * @throws OauthProviderFailedError when the provider refuses the code or answers something unusable.
   */
  finish(client: ProviderClient, flow: FlowSecrets, callbackUrl: URL): Promise<{ tokens: ProviderTokens; profile: ProviderProfile }>;
}

/** Splits a display name into first and last name (first word, the rest). */
export function splitName(name: string | undefined): { firstName: string; lastName: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}
