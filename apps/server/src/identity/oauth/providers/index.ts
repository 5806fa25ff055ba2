import type { OauthProvider } from '@keepsake/wire/sdk/oauth';
import { oidcProvider } from './oidc.ts';
import type { OauthProviderAdapter } from './types.ts';

export type EndpointOverrides = Record<string, Record<string, string>>;

/**
 * The adapters this server drives, by provider, each with its public endpoints unless `OAUTH_ENDPOINTS` names
 * others. A provider missing here answers `oauth_provider_not_supported`.
 */
export function createProviderRegistry(overrides: EndpointOverrides): Partial<Record<OauthProvider, OauthProviderAdapter>> {
  const endpoint = (provider: OauthProvider, name: string, fallback: string) => overrides[provider]?.[name] ?? fallback;
  return {
    google: oidcProvider('google', endpoint('google', 'issuer', 'https://accounts.google.com'), ['openid', 'email', 'profile']),
  };
}
