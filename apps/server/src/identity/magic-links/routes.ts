import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { clientErrors, emailSchema, errorResponseSchema } from '../../http/schemas.ts';
import { magicLinkTemplateIds } from '../../mail/templates.ts';
import { appOriginOf } from '../origins.ts';
import { resolveSdkCaller, resolveSignInCaller, sdkData } from '../sdk-auth.ts';
import { authenticatedPayload, codeChallengeSchema, codeVerifierSchema, sdkEnvelope, sessionDurationSchema } from '../wire-schemas.ts';
import type { MagicLinkSendParams, MagicLinkService } from './service.ts';

const templateId = z.enum(magicLinkTemplateIds, { message: `template id must be one of ${magicLinkTemplateIds.join(', ')}` });
const linkUrl = (name: string) => z.string({ message: `${name} must be a string` }).max(2000, { message: `${name} must be at most 2000 characters` });
const linkMinutes = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .int({ message: `${name} must be a whole number` })
    .min(5, { message: `${name} must be at least 5` })
    .max(10_080, { message: `${name} must be at most 10080 (a week)` });

/** Spec §7 fields, plus the provider's documented URL, expiry and template fields. `captcha_token` is checked when the project enables captcha. */
const sendBody = z.object({
  email: emailSchema,
  login_magic_link_url: linkUrl('login_magic_link_url').optional(),
  signup_magic_link_url: linkUrl('signup_magic_link_url').optional(),
  login_expiration_minutes: linkMinutes('login_expiration_minutes').optional(),
  signup_expiration_minutes: linkMinutes('signup_expiration_minutes').optional(),
  login_template_id: templateId.optional(),
  signup_template_id: templateId.optional(),
  code_challenge: codeChallengeSchema.optional(),
  captcha_token: z.string().max(4096).optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
  locale: z.string().max(20).optional(),
});

const authenticateBody = z.object({
  token: z.string({ message: 'token must be a string' }).min(1, { message: 'Empty parameter token' }).max(200),
  code_verifier: codeVerifierSchema.optional(),
  session_duration_minutes: sessionDurationSchema.optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
  captcha_token: z.string().max(4096).optional(),
});

const sendResponse = sdkEnvelope({ user_id: z.string(), email_id: z.string(), user_created: z.boolean() });

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
        config: { captcha: true },
        schema: {
          tags: ['Auth: magic links'],
          summary,
          body: sendBody,
          response: { 200: sendResponse, ...clientErrors, 503: errorResponseSchema },
        },
      },
      async (request) => {
        const caller = await resolveSdkCaller(app.ctx.db, request);
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
      schema: {
        tags: ['Auth: magic links'],
        summary: 'Redeem a magic link token (with its PKCE code_verifier) for a session',
        body: authenticateBody,
        response: { 200: sdkEnvelope({ ...authenticatedPayload, method_id: z.string(), reset_sessions: z.boolean() }), ...clientErrors },
      },
    },
    async (request) => {
      const { token, code_verifier, session_duration_minutes } = request.body;
      const caller = await resolveSignInCaller(app.ctx.db, request);
      return sdkData(
        request,
        await magicLinks.authenticate({ ...caller, token, codeVerifier: code_verifier, sessionDurationMinutes: session_duration_minutes }),
      );
    },
  );
}
