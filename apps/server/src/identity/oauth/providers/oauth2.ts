import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, OAuth2Tokens } from 'arctic';
import type { OauthProvider } from '@keepsake/wire/sdk/oauth';
import { OauthProviderDeniedError, OauthProviderFailedError } from '../errors.ts';
import type { OauthProviderAdapter, ProviderProfile, ProviderTokens } from './types.ts';

/** A provider's endpoints by name (`authorization`, `token`, `userinfo`, …); `OAUTH_ENDPOINTS` may replace any. */
export type Endpoints = Record<string, string>;

/**
 * Reads the provider's API with the access token; `callback` is the provider's answer at the callback (Apple's
 * form_post `user`). @throws OauthProviderFailedError on any non-2xx or non-JSON answer.
 */
export type ProfileReader = (
  get: (endpoint: string, headers?: Record<string, string>) => Promise<unknown>,
  tokens: OAuth2Tokens,
  callback: URLSearchParams,
) => Promise<ProviderProfile>;

/** One OAuth 2.0 provider: its public endpoints, how it takes the client's credentials and how its profile maps. */
export type OAuth2Spec = {
  type: OauthProvider;
  endpoints: Endpoints;
  scopes: readonly string[];
  /** Whether the provider takes a PKCE challenge (S256). */
  pkce: boolean;
  /** `basic`: HTTP Basic on the token request (arctic's client); `body`: client_id and client_secret in the form. */
  credentials: 'basic' | 'body';
  /** `form_post`: the provider POSTs its answer to the callback (Apple, to share name and email). */
  responseMode?: 'form_post';
  /** TikTok calls the client id `client_key`. */
  clientIdParam?: string;
  /** Extra headers on API calls, from the client id (Twitch wants Client-Id). */
  apiHeaders?: (clientId: string) => Record<string, string>;
  profile: ProfileReader;
};

function expiresAt(tokens: OAuth2Tokens): Date | null {
  try {
    return tokens.accessTokenExpiresAt();
  } catch {
    return null;
  }
}

/** The provider's tokens in our shape (a missing refresh or ID token is ''). */
export function tokensOf(tokens: OAuth2Tokens): ProviderTokens {
  const optional = (read: () => string) => {
    try {
      return read();
    } catch {
      return '';
    }
  };
  return {
    accessToken: tokens.accessToken(),
    refreshToken: optional(() => tokens.refreshToken()),
    idToken: optional(() => tokens.idToken()),
    expiresAt: expiresAt(tokens),
    scopes: tokens.hasScopes() ? tokens.scopes() : [],
  };
}

/** Token requests that carry the secret in the form (providers that refuse HTTP Basic). */
async function bodyCredentialsExchange(spec: OAuth2Spec, endpoint: string, form: Record<string, string>): Promise<OAuth2Tokens> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const data = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!data) throw new OauthProviderFailedError(spec.type, `the token endpoint answered ${res.status} without JSON`);
  if (!res.ok || typeof data.error === 'string') {
    throw new OauthProviderDeniedError(
      spec.type,
      typeof data.error === 'string' ? data.error : `HTTP ${res.status}`,
      typeof data.error_description === 'string' ? data.error_description : undefined,
    );
  }
  // TikTok and a few others nest the tokens under `data`.
  return new OAuth2Tokens(typeof data.access_token === 'string' ? data : ((data.data as object | undefined) ?? data));
}

/**
 * An OAuth 2.0 provider on arctic's client (authorization URL, PKCE, code exchange, token parsing), with the
 * endpoints of `spec` unless `overrides` replaces them (`OAUTH_ENDPOINTS`, so tests point it at a stand-in).
 * arctic's ready-made provider classes fix their endpoints, so its generic client is used with ours.
 */
export function oauth2Provider(spec: OAuth2Spec, overrides: Endpoints = {}): OauthProviderAdapter {
  const endpoints = { ...spec.endpoints, ...overrides };
  return {
    type: spec.type,
    defaultScopes: spec.scopes,
    ...(spec.responseMode ? { responseMode: spec.responseMode } : {}),
    async authorizationUrl(client, flow, scopes, params) {
      const arctic = new OAuth2Client(client.clientId, client.clientSecret, client.redirectUri);
      const url = spec.pkce
        ? arctic.createAuthorizationURLWithPKCE(endpoints.authorization!, flow.state, CodeChallengeMethod.S256, flow.codeVerifier, scopes)
        : arctic.createAuthorizationURL(endpoints.authorization!, flow.state, scopes);
      if (spec.clientIdParam) {
        url.searchParams.delete('client_id');
        url.searchParams.set(spec.clientIdParam, client.clientId);
      }
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      if (spec.responseMode) url.searchParams.set('response_mode', spec.responseMode);
      return url;
    },
    async finish(client, flow, callbackUrl) {
      const code = callbackUrl.searchParams.get('code');
      if (!code) throw new OauthProviderFailedError(spec.type, 'the callback carries no code');
      const verifier = spec.pkce ? flow.codeVerifier : null;
      let tokens: OAuth2Tokens;
      try {
        tokens =
          spec.credentials === 'basic'
            ? await new OAuth2Client(client.clientId, client.clientSecret, client.redirectUri).validateAuthorizationCode(endpoints.token!, code, verifier)
            : await bodyCredentialsExchange(spec, endpoints.token!, {
                grant_type: 'authorization_code',
                code,
                redirect_uri: client.redirectUri,
                [spec.clientIdParam ?? 'client_id']: client.clientId,
                client_secret: client.clientSecret,
                ...(verifier ? { code_verifier: verifier } : {}),
              });
      } catch (error) {
        if (error instanceof OAuth2RequestError) throw new OauthProviderDeniedError(spec.type, error.code, error.description ?? undefined);
        if (error instanceof OauthProviderDeniedError || error instanceof OauthProviderFailedError) throw error;
        throw new OauthProviderFailedError(spec.type, error instanceof Error ? error.message : String(error));
      }
      const accessToken = tokens.accessToken();
      const get = async (name: string, headers: Record<string, string> = {}) => {
        const url = endpoints[name] ?? name;
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...spec.apiHeaders?.(client.clientId), ...headers },
        });
        if (!res.ok) throw new OauthProviderFailedError(spec.type, `${new URL(url).pathname} answered ${res.status}`);
        return res.json().catch(() => {
          throw new OauthProviderFailedError(spec.type, `${new URL(url).pathname} answered without JSON`);
        });
      };
      const profile = await spec.profile(get, tokens, callbackUrl.searchParams);
      if (!profile.subject) throw new OauthProviderFailedError(spec.type, 'the profile has no account id');
      return { tokens: tokensOf(tokens), profile: { ...profile, email: profile.email?.toLowerCase() || undefined } };
    },
  };
}
