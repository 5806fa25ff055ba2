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
import type { OauthService } from './service.ts';

const tags = ['Auth: OAuth'];
const redirectErrors = { ...clientErrors, 503: errorResponseSchema };
const FORM = 'application/x-www-form-urlencoded';

function redirect(reply: FastifyReply, url: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
}

/** Spec §7: the browser-facing start and the provider's callback, under /v1/public (no Authorization header: a navigation). */
export function oauthPublicRoutes(app: App, oauth: OauthService) {
  app.get(
    '/v1/public/oauth/:provider/start',
    {
      schema: {
        tags,
        summary: "Start an OAuth sign-in: redirects to the provider's consent page",
        params: oauthStartParams,
        querystring: oauthStartQuery,
        response: redirectErrors,
      },
    },
    async (request, reply) => {
      const { public_token, code_challenge, custom_scopes, login_redirect_url, signup_redirect_url, ...extra } = request.query;
      const url = await oauth.start({
        provider: request.params.provider,
        publicToken: public_token,
        codeChallenge: code_challenge,
        customScopes: custom_scopes,
        loginRedirectUrl: login_redirect_url,
        signupRedirectUrl: signup_redirect_url,
        extra,
      });
      return redirect(reply, url.toString());
    },
  );

  app.get(
    '/v1/public/oauth/callback',
    {
      schema: {
        tags,
        summary: "The providers' redirect URI: finishes the provider's side and redirects to the app with stytch_token_type=oauth&token=… (or error=…)",
        querystring: oauthCallbackQuery,
        response: redirectErrors,
      },
    },
    async (request, reply) => redirect(reply, await oauth.callback(request.query, new URL(request.url, oauth.callbackUri()))),
  );

  // Apple's response_mode=form_post: the same callback as a form POST. The form parser lives in this scope only,
  // so no other route accepts form bodies (they stay out of reach of cross-site HTML forms).
  void app.register(async (scope) => {
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v1/public/oauth/callback',
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
        return redirect(reply, await oauth.callback(request.body, url, 'POST'));
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
