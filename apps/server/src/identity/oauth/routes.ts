import { errorResponseSchema } from '@keepsake/wire/errors';
import { oauthAuthenticateBody, oauthAuthenticateResponse, oauthCallbackQuery, oauthStartParams, oauthStartQuery } from '@keepsake/wire/sdk/oauth';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { sdkData, signInCallerOf } from '../sdk-auth.ts';
import type { OauthService } from './service.ts';

const tags = ['Auth: OAuth'];
const redirectErrors = { ...clientErrors, 503: errorResponseSchema };

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
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url.toString(), 302);
    },
  );

  app.get(
    '/v1/public/oauth/callback',
    {
      schema: {
        tags,
        summary: "The providers' redirect URI: finishes the provider's side and redirects to the app with stytch_token_type=oauth&token=…",
        querystring: oauthCallbackQuery,
        response: redirectErrors,
      },
    },
    async (request, reply) => {
      const current = new URL(request.url, oauth.callbackUri());
      const target = await oauth.callback(request.query, current);
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
    },
  );
}

/** Spec §7 POST /oauth/authenticate (under /sdk/v1). */
export function oauthRoutes(app: App, oauth: OauthService) {
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
}
