// The product app's sign-in methods (spec §7 "Product app", §3 "Sign-in methods"; docs/decisions/104). Each one
// ends in a session of the platform project, whose token becomes the console cookie (service.ts). The methods run
// on the auth service's own flows for the platform project: crypto wallets (ADR 099), OAuth (ADR 098) and Sign In
// With Farcaster (ADR 108).
import { createHash, randomBytes } from 'node:crypto';
import { PRODUCT_OAUTH_CALLBACK_PATH, sessionSignInMethods, type SessionSignInMethod } from '@keepsake/wire/console/session';
import type { AppContext } from '../context.ts';
import type { IdentityService } from '../identity/service.ts';
import type { ProjectService } from '../projects/service.ts';
import type { Tenant } from '../identity/tenants.ts';
import type { AuthConfig } from '../identity/auth-config.ts';
import { InvalidInputError, UnauthenticatedError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';
import { CONSOLE_SESSION_MINUTES } from './service.ts';

/** Spec §8: an unknown sign-in method. */
export class SignInMethodNotSupportedError extends InvalidInputError {
  constructor(method: string) {
    super(`Provider ${method.slice(0, 100)} is not yet supported`, errorTypes.signInMethodNotSupported);
  }
}

/** A method of spec §3 that the platform project's sign-in settings do not enable. */
export class SignInMethodNotEnabledError extends InvalidInputError {
  constructor(method: string) {
    super(
      `Signing in with ${method} is not enabled for this server's console (the platform project's widget or signInMethods.farcaster).`,
      errorTypes.signInMethodNotEnabled,
    );
  }
}

/** The body lacks what the method needs. */
export class SignInBodyError extends InvalidInputError {
  constructor(method: string, fields: string) {
    super(`Signing in with ${method} needs ${fields} in the body.`);
  }
}

/** The method was called the wrong way: google and discord redirect (GET), the others post their credentials. */
export class SignInMethodMisusedError extends InvalidInputError {
  constructor(method: string, redirects: boolean) {
    super(
      redirects
        ? `Signing in with ${method} is a redirect: open GET /api/session/authenticate?signinAuthenticationMethod=${method} in the browser.`
        : `Signing in with ${method} is a POST to /api/session/authenticate with its credentials in the body; only google and discord redirect.`,
    );
  }
}

/** The access token is not a live session JWT of the platform project. */
export class InvalidAccessTokenError extends UnauthenticatedError {
  constructor() {
    super('The access token is not a live session JWT of this server: sign in again.', errorTypes.invalidAccessToken);
  }
}

/** The platform project requires MFA: the console cannot finish a sign-in on a first factor alone here. */
export class SecondFactorRequiredError extends UnauthenticatedError {
  constructor() {
    super('This account needs a second factor: sign in with a passcode or passkey on the sign-in page.', errorTypes.unauthorized);
  }
}

export type SignedIn = { sessionToken: string; expiresAt: Date };
type Caller = { ip: string; userAgent: string | undefined };

/** The method named by the query. @throws SignInMethodNotSupportedError */
export function signInMethodOf(name: string | undefined): SessionSignInMethod {
  const method = name ?? 'email';
  if (!(sessionSignInMethods as readonly string[]).includes(method)) throw new SignInMethodNotSupportedError(method);
  return method as SessionSignInMethod;
}

/**
 * Whether /signin offers the method (docs/decisions/124): wallets when the platform widget has the crypto product,
 * Google and Discord when its OAuth product lists the provider, Farcaster when `signInMethods.farcaster` is on.
 * Passcodes and passkeys need no check: they exchange a session the auth service issued.
 */
export function offeredOnSignIn(authConfig: AuthConfig, method: SessionSignInMethod): boolean {
  const { config } = authConfig.widget;
  switch (method) {
    case 'evm':
    case 'solana':
      return config.products.includes('crypto');
    case 'google':
    case 'discord':
      return config.products.includes('oauth') && (config.oauthOptions?.providers ?? []).some((provider) => provider.type === method);
    case 'farcaster':
      return authConfig.signInMethods.farcaster;
    default:
      return true;
  }
}

/** A PKCE pair: the verifier stays in the browser's cookie, the challenge goes to the OAuth start. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function createProductSignIn(ctx: AppContext, deps: { identity: IdentityService; projects: ProjectService }) {
  const { identity } = deps;
  // Spec §7 Product app: the console's passcode email is signup_otp until the person has a project, signin_otp after.
  // The /signin widget sends a plain login_or_create, so the auth service asks this rule for the platform project.
  identity.otps.decideNewcomersWith(async (tenant, userId) => (tenant.isPlatform ? !(await deps.projects.hasProject(userId)) : undefined));

  function signedIn(result: { session_token: string; session: { expires_at: string } | null }): SignedIn {
    if (!result.session_token || !result.session) throw new SecondFactorRequiredError();
    return { sessionToken: result.session_token, expiresAt: new Date(result.session.expires_at) };
  }

  /** @throws SignInMethodNotEnabledError */
  async function enabledTenant(method: SessionSignInMethod): Promise<Tenant> {
    const tenant = await identity.platformTenant();
    if (!offeredOnSignIn(tenant.authConfig, method)) throw new SignInMethodNotEnabledError(method);
    return tenant;
  }

  return {
    /**
     * EVM or Solana: the wallet signed the challenge the platform project issued it (crypto_wallets
     * authenticate/start). The challenge is used up when it signs in, once (ADR 131).
     * @throws SignInMethodNotEnabledError, SignInBodyError, and the crypto wallet errors (ADR 099, 131)
     */
    async wallet(method: 'evm' | 'solana', body: { walletAddress?: string; message?: string; signature?: string }, caller: Caller) {
      const tenant = await enabledTenant(method);
      if (!body.walletAddress || !body.message || !body.signature) throw new SignInBodyError(method, 'walletAddress, message and signature');
      const result = await identity.cryptoWallets.authenticate(
        { tenant, sessionToken: undefined, ...caller },
        {
          address: body.walletAddress,
          walletType: method === 'evm' ? 'ethereum' : 'solana',
          signature: body.signature,
          signedMessage: body.message,
          sessionDurationMinutes: CONSOLE_SESSION_MINUTES,
        },
      );
      return signedIn(result);
    },

    /**
     * Farcaster: a nonce for the Sign In With Farcaster message (and the custody address's fid, when given).
     * @throws SignInMethodNotEnabledError, and the Farcaster errors (ADR 108)
     */
    async farcasterNonce(custodyAddress: string | undefined, caller: Caller) {
      const tenant = await enabledTenant('farcaster');
      return identity.farcaster.issueNonce({ tenant, ip: caller.ip }, custodyAddress);
    },

    /**
     * Farcaster: the custody address signed a Sign In With Farcaster message with a nonce this server issued. The
     * nonce is used up whatever the outcome.
     * @throws SignInMethodNotEnabledError, SignInBodyError, and the Farcaster errors (ADR 108)
     */
    async farcaster(body: { message?: string; signature?: string; fid?: number; username?: string; pfpUrl?: string }, caller: Caller) {
      const tenant = await enabledTenant('farcaster');
      if (!body.message || !body.signature) throw new SignInBodyError('farcaster', 'message and signature');
      const result = await identity.farcaster.authenticate(
        { tenant, sessionToken: undefined, ...caller },
        {
          message: body.message,
          signature: body.signature,
          fid: body.fid,
          username: body.username,
          pfpUrl: body.pfpUrl,
          sessionDurationMinutes: CONSOLE_SESSION_MINUTES,
        },
      );
      return signedIn(result);
    },

    /**
     * Google or Discord: where to send the browser, the platform project's OAuth start, with a PKCE challenge whose
     * verifier the caller keeps in a cookie (the flow finishes only in the browser that started it).
     * @throws SignInMethodNotEnabledError
     */
    async oauthStart(method: 'google' | 'discord', callbackUrl: string) {
      const tenant = await enabledTenant(method);
      const { verifier, challenge } = pkcePair();
      const back = new URL(PRODUCT_OAUTH_CALLBACK_PATH, ctx.config.publicUrl);
      await deps.projects.allowPlatformRedirectUrl(back.toString());
      back.searchParams.set('callbackUrl', callbackUrl);
      const start = new URL(`/v1/public/oauth/${method}/start`, ctx.config.publicUrl);
      start.searchParams.set('public_token', tenant.publicToken);
      start.searchParams.set('code_challenge', challenge);
      start.searchParams.set('login_redirect_url', back.toString());
      start.searchParams.set('signup_redirect_url', back.toString());
      return { url: start.toString(), verifier };
    },

    /** The OAuth token from the redirect, with the verifier of the browser that started. @throws the OAuth errors (ADR 098) */
    async oauthFinish(token: string, verifier: string | undefined, caller: Caller) {
      const tenant = await identity.platformTenant();
      const result = await identity.oauth.authenticate({
        tenant,
        sessionToken: undefined,
        ...caller,
        token,
        codeVerifier: verifier,
        sessionDurationMinutes: CONSOLE_SESSION_MINUTES,
      });
      return signedIn(result);
    },

    /** A live session JWT of the platform project becomes a session of its own. @throws InvalidAccessTokenError */
    async exchangeAccessToken(jwt: string, caller: Caller) {
      const tenant = await identity.platformTenant();
      const result = await identity.sessions.exchangeJwt(tenant, jwt, {
        durationMinutes: CONSOLE_SESSION_MINUTES,
        ipAddress: caller.ip,
        userAgent: caller.userAgent,
      });
      if (!result) throw new InvalidAccessTokenError();
      return signedIn(result);
    },
  };
}

export type ProductSignIn = ReturnType<typeof createProductSignIn>;
