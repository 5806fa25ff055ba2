import { errorResponseSchema } from '@keepsake/wire/errors';
import {
  oauthAuthenticateBody,
  oauthAuthenticateResponse,
  oauthCallbackQuery,
  oauthStartParams,
  oauthStartQuery,
  oneTapStartResponse,
  oneTapSubmitBody,
  oneTapSubmitResponse,
} from '@keepsake/wire/sdk/oauth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { sdkCaller } from '../../http/auth.ts';
import { sdkData, signInCallerOf } from '../sdk-auth.ts';
import type { OneTap, OneTapCaller } from './one-tap.ts';
import { flowCookieName, FLOW_MINUTES, type BrowserBinding, type OauthService } from './service.ts';

const tags = ['Auth: OAuth'];
const redirectErrors = { ...clientErrors, 503: errorResponseSchema };
const FORM = 'application/x-www-form-urlencoded';

function redirect(reply: FastifyReply, url: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
}

const CALLBACK_PATH = '/v1/public/oauth/callback';

/**
 * The flow's browser cookie (ADR 132): HttpOnly, sent only to the callback, for the flow's 10 minutes; Secure when
 * PUBLIC_URL is https:// (a browser drops a Secure cookie set over plain http, which only local development uses).
 * SameSite=Lax lets the provider's top-level redirect back carry it; a form_post provider (Apple) comes back with a
 * cross-site POST, which carries only a SameSite=None cookie, and that must be Secure (Apple needs https anyway).
 */
function flowCookieOptions(binding: Pick<BrowserBinding, 'responseMode'>, secure: boolean) {
  const formPost = binding.responseMode === 'form_post';
  return { path: CALLBACK_PATH, httpOnly: true, sameSite: formPost ? ('none' as const) : ('lax' as const), secure: formPost || secure };
}

/** Reads the flow's cookie from the browser that came back, and clears it: a flow is finished once. */
function takeFlowCookie(request: FastifyRequest, reply: FastifyReply, state: string | undefined): string | undefined {
  if (!state) return undefined;
  const name = flowCookieName(state);
  const value = request.cookies?.[name];
  if (value !== undefined) reply.clearCookie(name, { path: CALLBACK_PATH });
  return value;
}

/** Spec §7: the browser-facing start and the provider's callback, under /v1/public (no Authorization header: a navigation). */
export function oauthPublicRoutes(app: App, oauth: OauthService) {
  const secure = app.ctx.config.publicUrl.startsWith('https://');
  app.get(
    '/v1/public/oauth/:provider/start',
    {
      schema: {
        tags,
        summary: "Start an OAuth sign-in: redirects to the provider's consent page, with a cookie that ties the flow to this browser",
        params: oauthStartParams,
        querystring: oauthStartQuery,
        response: redirectErrors,
      },
    },
    async (request, reply) => {
      const { public_token, code_challenge, custom_scopes, login_redirect_url, signup_redirect_url, ...extra } = request.query;
      const { url, browserBinding } = await oauth.start({
        provider: request.params.provider,
        publicToken: public_token,
        codeChallenge: code_challenge,
        customScopes: custom_scopes,
        loginRedirectUrl: login_redirect_url,
        signupRedirectUrl: signup_redirect_url,
        extra,
      });
      reply.setCookie(browserBinding.cookieName, browserBinding.value, { ...flowCookieOptions(browserBinding, secure), maxAge: FLOW_MINUTES * 60 });
      return redirect(reply, url.toString());
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      schema: {
        tags,
        summary:
          "The providers' redirect URI: finishes the provider's side, in the browser that started it, and redirects to the app with stytch_token_type=oauth&token=… (or error=…)",
        querystring: oauthCallbackQuery,
        response: redirectErrors,
      },
    },
    async (request, reply) => {
      const binding = takeFlowCookie(request, reply, request.query.state);
      return redirect(reply, await oauth.callback(request.query, new URL(request.url, oauth.callbackUri()), 'GET', binding));
    },
  );

  // Apple's response_mode=form_post: the same callback as a form POST. The form parser lives in this scope only,
  // so no other route accepts form bodies (they stay out of reach of cross-site HTML forms).
  void app.register(async (scope) => {
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      CALLBACK_PATH,
      {
        schema: {
          tags,
          summary: 'The callback of providers that answer with a form POST (response_mode=form_post: apple): code, state and user',
          consumes: [FORM],
          body: oauthCallbackQuery,
          response: redirectErrors,
        },
      },
      async (request, reply) => {
        const url = new URL(oauth.callbackUri());
        for (const [name, value] of Object.entries(request.body)) if (typeof value === 'string') url.searchParams.set(name, value);
        const binding = takeFlowCookie(request, reply, request.body.state);
        return redirect(reply, await oauth.callback(request.body, url, 'POST', binding));
      },
    );
  });
}

/** The project and the page's origin (the genuine client's X-SDK-Parent-Host, else the Origin header). */
function oneTapCallerOf(request: FastifyRequest): OneTapCaller {
  const parentHost = request.headers['x-sdk-parent-host'];
  const origin = (typeof parentHost === 'string' && parentHost) || request.headers.origin || undefined;
  return { tenant: sdkCaller(request).tenant, appOrigin: origin };
}

/** Spec §7 POST /oauth/authenticate and the Google One Tap start/submit (under /sdk/v1). */
export function oauthRoutes(app: App, oauth: OauthService, oneTap: OneTap) {
  app.post(
    '/oauth/authenticate',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "Redeem the redirect URL's OAuth token (with its PKCE code_verifier) for a session and the provider's tokens",
        body: oauthAuthenticateBody,
        response: { 200: oauthAuthenticateResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { token, code_verifier, session_duration_minutes } = request.body;
      const result = await oauth.authenticate({
        ...signInCallerOf(request),
        token,
        codeVerifier: code_verifier,
        sessionDurationMinutes: session_duration_minutes,
      });
      reply.header('cache-control', 'no-store');
      return sdkData(request, result);
    },
  );

  app.get(
    '/oauth/google/onetap/start',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "Google One Tap start: the project's Google client id and the oauth_callback_id, or the One Tap state that stops it",
        response: { 200: oneTapStartResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sdkData(request, await oneTap.start(oneTapCallerOf(request)));
    },
  );

  app.post(
    '/oauth/google/onetap/submit',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "Google One Tap submit: verifies Google's ID token and answers the redirect URL with the OAuth token",
        body: oneTapSubmitBody,
        response: { 200: oneTapSubmitResponse, ...redirectErrors },
      },
    },
    async (request, reply) => {
      const { id_token, oauth_callback_id, login_redirect_url, signup_redirect_url } = request.body;
      const result = await oneTap.submit(oneTapCallerOf(request), {
        idToken: id_token,
        oauthCallbackId: oauth_callback_id,
        loginRedirectUrl: login_redirect_url,
        signupRedirectUrl: signup_redirect_url,
      });
      reply.header('cache-control', 'no-store');
      return sdkData(request, result);
    },
  );
}
