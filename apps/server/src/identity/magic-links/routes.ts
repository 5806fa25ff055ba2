import { errorResponseSchema } from '@keepsake/wire/errors';
import { magicLinkAuthenticateBody, magicLinkAuthenticateResponse, magicLinkSendBody, magicLinkSendResponse } from '@keepsake/wire/sdk/magic-links';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { appOriginOf } from '../origins.ts';
import { sdkData, signInCallerOf } from '../sdk-auth.ts';
import type { MagicLinkSendParams, MagicLinkService } from './service.ts';

const sends = {
  login_or_create: 'Email a magic link, creating the user if needed',
  'send/primary': 'Email a magic link to an existing user (same answer for unknown addresses)',
  'send/secondary': "Email a magic link to the signed-in user's address, to add a factor",
} as const;

export function magicLinkRoutes(app: App, magicLinks: MagicLinkService) {
  for (const [path, summary] of Object.entries(sends)) {
    app.post(
      `/magic_links/email/${path}`,
      {
        config: { auth: { kind: 'publicToken' }, captcha: true },
        schema: {
          tags: ['Auth: magic links'],
          summary,
          body: magicLinkSendBody,
          response: { 200: magicLinkSendResponse, ...clientErrors, 503: errorResponseSchema },
        },
      },
      async (request) => {
        const caller = sdkCaller(request);
        const body = request.body;
        const params: MagicLinkSendParams = {
          tenant: caller.tenant,
          email: body.email,
          loginUrl: body.login_magic_link_url,
          signupUrl: body.signup_magic_link_url,
          loginExpirationMinutes: body.login_expiration_minutes,
          signupExpirationMinutes: body.signup_expiration_minutes,
          loginTemplateId: body.login_template_id,
          signupTemplateId: body.signup_template_id,
          codeChallenge: body.code_challenge,
          appOrigin: appOriginOf(caller.tenant, request.headers.origin),
          ip: request.ip,
        };
        const result =
          path === 'login_or_create'
            ? await magicLinks.loginOrCreate(params)
            : path === 'send/primary'
              ? await magicLinks.sendPrimary(params)
              : await magicLinks.sendSecondary({ ...params, sessionToken: caller.sessionToken });
        return sdkData(request, result);
      },
    );
  }

  app.post(
    '/magic_links/authenticate',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags: ['Auth: magic links'],
        summary: 'Redeem a magic link token (with its PKCE code_verifier) for a session',
        body: magicLinkAuthenticateBody,
        response: { 200: magicLinkAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { token, code_verifier, session_duration_minutes } = request.body;
      const caller = signInCallerOf(request);
      return sdkData(
        request,
        await magicLinks.authenticate({ ...caller, token, codeVerifier: code_verifier, sessionDurationMinutes: session_duration_minutes }),
      );
    },
  );
}
