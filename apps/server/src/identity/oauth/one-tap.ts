// Google One Tap (spec §4 "One Tap states", §7 "One-tap start/submit"; docs/oauth.md, docs/decisions/103): start
// tells the page which Google client to initialise, submit verifies Google's ID token with jose against Google's
// signing keys and ends like any OAuth sign-in (a redirect URL carrying the app's single-use token).
import { createRemoteJWKSet, errors as jose, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext } from '../../context.ts';
import { sha256Hex } from '../../platform/secrets.ts';
import { originAllowedFor } from '../origins.ts';
import { resolveRedirectUrl, testEnvironmentDefault } from '../redirect-urls.ts';
import type { Tenant } from '../tenants.ts';
import {
  InvalidIdTokenError,
  InvalidOauthCallbackIdError,
  OauthConfigNotFoundError,
  OauthProviderFailedError,
  OneTapDefaultProviderNotAllowedError,
  OneTapInvalidClientError,
  OneTapNoRedirectUrlsError,
  OneTapOriginNotAllowedError,
} from './errors.ts';
import type { OauthService } from './service.ts';
import * as store from './store.ts';

/** Google's two spellings of its issuer in ID tokens. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** What Google issues for a web client: `<project number>-<id>.apps.googleusercontent.com`. */
const googleClientId = /^[0-9]+-[0-9a-z]+\.apps\.googleusercontent\.com$/;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export type OneTapCaller = { tenant: Tenant; appOrigin: string | undefined };

/** Why jose refused the token, in words a developer can act on. */
function reasonOf(error: unknown): string | undefined {
  if (error instanceof jose.JWTExpired) return 'it has expired.';
  if (error instanceof jose.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return "it was issued to another client (aud is not the project's Google client id).";
    if (error.claim === 'iss') return 'it was not issued by Google (iss is not accounts.google.com).';
    return `its ${error.claim} claim is not acceptable (${error.reason}).`;
  }
  if (error instanceof jose.JWSSignatureVerificationFailed || error instanceof jose.JWKSNoMatchingKey)
    return "its signature does not verify with Google's keys.";
  if (error instanceof jose.JWSInvalid || error instanceof jose.JWTInvalid || error instanceof jose.JOSEAlgNotAllowed) return 'it is not a signed JWT.';
  return undefined;
}

/** The One Tap calls; `oauth` finishes the sign-in as the redirect flow does. */
export function createOneTap(ctx: AppContext, oauth: Pick<OauthService, 'completeSignIn'>) {
  const jwks = createRemoteJWKSet(new URL(ctx.config.oauth.googleJwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  const googleIssuer = ctx.config.oauth.endpoints.google?.issuer;
  // Google sign-in sent to another OpenID provider (OAUTH_ENDPOINTS) makes One Tap a second, different "Google"
  // unless GOOGLE_JWKS_URL is that provider's keys too (a stand-in playing all of Google: ADR 103 amendment).
  const otherProvider =
    googleIssuer !== undefined &&
    !GOOGLE_ISSUERS.includes(googleIssuer.replace(/\/+$/, '')) &&
    new URL(ctx.config.oauth.googleJwksUrl).origin !== new URL(googleIssuer).origin;

  /**
   * Every §4 One Tap state that stops it, in the order the widget reports them.
   * @throws OneTapDefaultProviderNotAllowedError, OneTapOriginNotAllowedError, OauthConfigNotFoundError, OneTapInvalidClientError, OneTapNoRedirectUrlsError
   */
  async function readyConfig({ tenant, appOrigin }: OneTapCaller): Promise<store.OauthProviderRow> {
    if (otherProvider) throw new OneTapDefaultProviderNotAllowedError();
    if (appOrigin === undefined || !originAllowedFor(tenant, appOrigin)) throw new OneTapOriginNotAllowedError(appOrigin);
    const config = await store.findProviderConfig(ctx.db, tenant.projectId, 'google');
    if (!config?.enabled) throw new OauthConfigNotFoundError('google');
    if (!googleClientId.test(config.clientId)) throw new OneTapInvalidClientError();
    const urls = tenant.authConfig.redirectUrls;
    const anyAllowed = urls.allowed.length > 0 || testEnvironmentDefault(tenant, appOrigin) !== undefined;
    if (!urls.login && !anyAllowed) throw new OneTapNoRedirectUrlsError('login');
    if (!urls.signup && !anyAllowed) throw new OneTapNoRedirectUrlsError('signup');
    return config;
  }

  /** @throws InvalidIdTokenError when a check fails; OauthProviderFailedError when Google's keys cannot be fetched. */
  async function verify(idToken: string, clientId: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (error) {
      const reason = reasonOf(error);
      if (reason) throw new InvalidIdTokenError(reason);
      throw new OauthProviderFailedError('google', `Google's signing keys could not be read (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  return {
    /** `GET /oauth/google/onetap/start`: the project's Google client id and the oauth_callback_id for submit. */
    async start(caller: OneTapCaller): Promise<{ google_client_id: string; oauth_callback_id: string }> {
      const config = await readyConfig(caller);
      return { google_client_id: config.clientId, oauth_callback_id: config.id };
    },

    /**
     * `POST /oauth/google/onetap/submit`: verifies the ID token (signature with Google's keys, `iss`, `aud` = the
     * project's client id, expiry) and that it was not used before, finds or creates the user and answers the
     * redirect URL with the app's token.
     * @throws the start's errors, InvalidOauthCallbackIdError, InvalidIdTokenError, InvalidRedirectUrlError
     */
    async submit(
      caller: OneTapCaller,
      params: { idToken: string; oauthCallbackId: string; loginRedirectUrl: string | undefined; signupRedirectUrl: string | undefined },
    ): Promise<{ redirect_url: string }> {
      const config = await readyConfig(caller);
      if (params.oauthCallbackId !== config.id) throw new InvalidOauthCallbackIdError();
      const loginUrl = resolveRedirectUrl(caller.tenant, 'login', params.loginRedirectUrl, caller.appOrigin);
      const hasSignupDefault =
        caller.tenant.authConfig.redirectUrls.signup !== undefined || testEnvironmentDefault(caller.tenant, caller.appOrigin) !== undefined;
      const signupUrl =
        params.signupRedirectUrl !== undefined || hasSignupDefault
          ? resolveRedirectUrl(caller.tenant, 'signup', params.signupRedirectUrl, caller.appOrigin)
          : loginUrl;
      const claims = await verify(params.idToken, config.clientId);
      const expiresAt = new Date((claims.exp ?? 0) * 1000);
      const fresh = await store.useOneTapIdToken(ctx.db, { tokenHash: sha256Hex(params.idToken), projectId: caller.tenant.projectId, expiresAt });
      if (!fresh) throw new InvalidIdTokenError('it was already used. Ask Google for a new one.');
      const redirectUrl = await oauth.completeSignIn({
        tenant: caller.tenant,
        provider: 'google',
        profile: {
          subject: str(claims.sub),
          email: str(claims.email).toLowerCase() || undefined,
          emailVerified: claims.email_verified === true,
          firstName: str(claims.given_name),
          lastName: str(claims.family_name),
          pictureUrl: str(claims.picture),
        },
        tokens: {
          accessToken: '',
          refreshToken: '',
          idToken: params.idToken,
          expiresAt,
          scopes: ['openid', 'email', 'profile'],
        },
        codeChallenge: null,
        loginUrl,
        signupUrl,
      });
      return { redirect_url: redirectUrl };
    },
  };
}

export type OneTap = ReturnType<typeof createOneTap>;
