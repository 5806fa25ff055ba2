import { oauthProviders, type OauthProvider } from '@keepsake/wire/sdk/oauth';
import { oauth2Specs } from './catalogue.ts';
import { oauth2Provider } from './oauth2.ts';
import { oidcProvider } from './oidc.ts';
import type { OauthProviderAdapter } from './types.ts';

export type EndpointOverrides = Record<string, Record<string, string>>;

/**
 * The adapters of the 19 providers of spec §3, each with its public endpoints unless `OAUTH_ENDPOINTS` names
 * others: Google through OpenID Connect discovery (openid-client), the others as OAuth 2.0 specs on arctic.
 */
export function createProviderRegistry(overrides: EndpointOverrides): Record<OauthProvider, OauthProviderAdapter> {
  const google = oidcProvider('google', overrides.google?.issuer ?? 'https://accounts.google.com', ['openid', 'email', 'profile']);
  const others = Object.fromEntries(oauthProviders.filter((p) => p !== 'google').map((p) => [p, oauth2Provider(oauth2Specs[p], overrides[p])]));
  return { google, ...others } as Record<OauthProvider, OauthProviderAdapter>;
}
