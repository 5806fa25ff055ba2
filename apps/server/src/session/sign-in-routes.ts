import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  exchangeAccessTokenBody,
  farcasterNonceBody,
  farcasterNonceResponse,
  sessionAuthenticateBody,
  sessionAuthenticateQuery,
  sessionAuthenticateResponse,
  sessionAuthenticateTokenParams,
  sessionAuthenticateTokenQuery,
  sessionOauthMethods,
  type SessionSignInMethod,
} from '@keepsake/wire/console/session';
import type { App } from '../http/types.ts';
import { clientErrors } from '../http/schemas.ts';
import { DomainError } from '../platform/domain-errors.ts';
import { safeCallbackUrl } from './routes.ts';
import { CONSOLE_SESSION_MINUTES, SESSION_COOKIE, type ProductSessionService } from './service.ts';
import {
  SignInBodyError,
  SignInMethodMisusedError,
  SignInMethodNotSupportedError,
  signInMethodOf,
  type ProductSignIn,
  type SignedIn,
} from './sign-in-methods.ts';

const tags = ['Product session'];
/** The PKCE verifier of the browser's OAuth sign-in in flight (HttpOnly, 15 minutes, only sent to the callback path). */
const OAUTH_VERIFIER_COOKIE = 'keepsake_oauth_verifier';
const OAUTH_VERIFIER_PATH = '/api/session/authenticate';

const isOauth = (method: SessionSignInMethod): method is 'google' | 'discord' => (sessionOauthMethods as readonly string[]).includes(method);

/**
 * Spec §7 "Product app": /api/session/authenticate with `signinAuthenticationMethod` (docs/decisions/104), its OAuth
 * return /api/session/authenticate/{token}, and /api/session/exchange-access-token. Each sets the console cookie.
 */
export function productSignInRoutes(app: App, deps: { sessions: ProductSessionService; productSignIn: ProductSignIn }) {
  const secure = app.ctx.config.publicUrl.startsWith('https://');
  const callerOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  function setSession(reply: FastifyReply, session: SignedIn) {
    const maxAge = Math.min(Math.floor((session.expiresAt.getTime() - Date.now()) / 1000), CONSOLE_SESSION_MINUTES * 60);
    reply.setCookie(SESSION_COOKIE, session.sessionToken, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  }

  /** Spec §8 'Error signing in': the sign-in page shows it; the callbackUrl survives the round trip. */
  function toSignInPage(reply: FastifyReply, callbackUrl: string) {
    const target = new URLSearchParams({ error: 'signin', callbackUrl });
    return reply.header('cache-control', 'no-store').redirect(`/signin?${target.toString()}`, 303);
  }

  app.post(
    '/api/session/authenticate',
    {
      schema: {
        tags,
        summary:
          'Sign in to the console: a session token (email, phone), a wallet signature (evm, solana) or a Sign In With Farcaster message (farcaster) becomes the session cookie',
        querystring: sessionAuthenticateQuery,
        body: sessionAuthenticateBody,
        response: { 200: sessionAuthenticateResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const method = signInMethodOf(request.query.signinAuthenticationMethod);
      const callbackUrl = safeCallbackUrl(request.query.callbackUrl);
      const body = request.body;
      let session: SignedIn;
      if (method === 'evm' || method === 'solana') {
        session = await deps.productSignIn.wallet(method, body, callerOf(request));
      } else if (method === 'farcaster') {
        session = await deps.productSignIn.farcaster(body, callerOf(request));
      } else if (method === 'email' || method === 'phone') {
        if (!body.session_token) throw new SignInBodyError(method, 'session_token');
        const checked = await deps.sessions.authenticate(body.session_token);
        session = { sessionToken: body.session_token, expiresAt: checked.expiresAt };
      } else if (isOauth(method)) {
        throw new SignInMethodMisusedError(method, true);
      } else {
        throw new SignInMethodNotSupportedError(method);
      }
      setSession(reply, session);
      reply.header('cache-control', 'no-store');
      return { ok: true as const, status: 200 as const, error: null, callbackUrl };
    },
  );

  app.post(
    '/api/session/farcaster/nonce',
    {
      schema: {
        tags,
        summary: 'Sign In With Farcaster: a single-use nonce (10 minutes) and the fields the message must carry; given a custody address, its fid',
        body: farcasterNonceBody,
        response: { 200: farcasterNonceResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.productSignIn.farcasterNonce(request.body?.custodyAddress, callerOf(request));
    },
  );

  app.get(
    '/api/session/authenticate',
    {
      schema: {
        tags,
        summary: "Google or Discord: redirects through the platform project's OAuth sign-in, back to callbackUrl",
        querystring: sessionAuthenticateQuery,
        response: clientErrors,
      },
    },
    async (request, reply) => {
      const method = signInMethodOf(request.query.signinAuthenticationMethod);
      const callbackUrl = safeCallbackUrl(request.query.callbackUrl);
      if (!isOauth(method)) throw new SignInMethodMisusedError(method, false);
      try {
        const { url, verifier } = await deps.productSignIn.oauthStart(method, callbackUrl);
        reply.setCookie(OAUTH_VERIFIER_COOKIE, verifier, { path: OAUTH_VERIFIER_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: 15 * 60 });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        request.log.info({ err: error }, 'product sign-in: OAuth start refused');
        return toSignInPage(reply, callbackUrl);
      }
    },
  );

  app.get(
    '/api/session/authenticate/:token',
    {
      schema: {
        tags,
        summary: 'The OAuth sign-in comes back here (oauth, with ?token=…): sets the session cookie and redirects to callbackUrl',
        params: sessionAuthenticateTokenParams,
        querystring: sessionAuthenticateTokenQuery,
        response: clientErrors,
      },
    },
    async (request, reply) => {
      const callbackUrl = safeCallbackUrl(request.query.callbackUrl);
      const verifier = request.cookies[OAUTH_VERIFIER_COOKIE];
      reply.clearCookie(OAUTH_VERIFIER_COOKIE, { path: OAUTH_VERIFIER_PATH, httpOnly: true, sameSite: 'lax', secure });
      // The OAuth redirect appends ?stytch_token_type=oauth&token=… to /api/session/authenticate/oauth; a token
      // may also come in the path itself.
      const token = request.params.token === 'oauth' ? request.query.token : request.params.token;
      if (!token || (request.query.stytch_token_type !== undefined && request.query.stytch_token_type !== 'oauth')) {
        return toSignInPage(reply, callbackUrl);
      }
      try {
        setSession(reply, await deps.productSignIn.oauthFinish(token, verifier, callerOf(request)));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        request.log.info({ err: error }, 'product sign-in: OAuth token refused');
        return toSignInPage(reply, callbackUrl);
      }
      return reply.header('cache-control', 'no-store').redirect(callbackUrl, 303);
    },
  );

  app.post(
    '/api/session/exchange-access-token',
    {
      schema: {
        tags,
        summary: "Exchange a live session JWT of the platform project (e.g. a native app's) for a console session cookie",
        body: exchangeAccessTokenBody,
        response: { 200: sessionAuthenticateResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      setSession(reply, await deps.productSignIn.exchangeAccessToken(request.body.access_token, callerOf(request)));
      reply.header('cache-control', 'no-store');
      return { ok: true as const, status: 200 as const, error: null, callbackUrl: safeCallbackUrl(request.body.callbackUrl) };
    },
  );
}
