import * as client from 'openid-client';
import type { OauthProvider } from '@keepsake/wire/sdk/oauth';
import { OauthProviderDeniedError, OauthProviderFailedError } from '../errors.ts';
import { splitName, type FlowSecrets, type OauthProviderAdapter, type ProviderClient, type ProviderTokens } from './types.ts';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The provider's refusal (an OAuth error body) is the caller's problem; anything else is the provider being unreachable. */
export function providerFailure(provider: string, error: unknown): Error {
  if (error instanceof client.ResponseBodyError) return new OauthProviderDeniedError(provider, error.error, error.error_description);
  if (error instanceof client.AuthorizationResponseError) return new OauthProviderDeniedError(provider, error.error, error.error_description);
  return new OauthProviderFailedError(provider, error instanceof Error ? error.message : String(error));
}

/**
 * An OpenID Connect provider through openid-client: discovery from `issuer` (cached per issuer), authorization
 * code with PKCE and nonce, ID token checks, then the userinfo endpoint for the profile. Plain-http issuers are
 * accepted only because a test or a self-hoster named one in `OAUTH_ENDPOINTS`.
 */
export function oidcProvider(type: OauthProvider, issuer: string, defaultScopes: readonly string[]): OauthProviderAdapter {
  let metadata: Promise<client.ServerMetadata> | undefined;
  const insecure = issuer.startsWith('http:');

  async function configuration(c: ProviderClient): Promise<client.Configuration> {
    metadata ??= client
      .discovery(new URL(issuer), c.clientId, undefined, undefined, insecure ? { execute: [client.allowInsecureRequests] } : undefined)
      .then((config) => config.serverMetadata());
    let server: client.ServerMetadata;
    try {
      server = await metadata;
    } catch (error) {
      metadata = undefined;
      throw new OauthProviderFailedError(type, `discovery at ${issuer} failed (${error instanceof Error ? error.message : String(error)})`);
    }
    const config = new client.Configuration(server, c.clientId, c.clientSecret);
    if (insecure) client.allowInsecureRequests(config);
    return config;
  }

  return {
    type,
    defaultScopes,
    async authorizationUrl(c, flow: FlowSecrets, scopes, params) {
      const config = await configuration(c);
      return client.buildAuthorizationUrl(config, {
        ...params,
        redirect_uri: c.redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(c, flow, callbackUrl) {
      const config = await configuration(c);
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new OauthProviderFailedError(type, 'no ID token');
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        const profile = { ...claims, ...info };
        const named = splitName(str(profile.name));
        const expiresIn = tokens.expiresIn();
        const providerTokens: ProviderTokens = {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token ?? '',
          idToken: tokens.id_token ?? '',
          expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
          scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
        };
        return {
          tokens: providerTokens,
          profile: {
            subject: claims.sub,
            email: str(profile.email).toLowerCase() || undefined,
            emailVerified: profile.email_verified === true,
            firstName: str(profile.given_name) || named.firstName,
            lastName: str(profile.family_name) || named.lastName,
            pictureUrl: str(profile.picture),
          },
        };
      } catch (error) {
        if (error instanceof OauthProviderFailedError) throw error;
        throw providerFailure(type, error);
      }
    },
  };
}
