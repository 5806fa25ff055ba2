import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { clientErrors, emailSchema, errorResponseSchema } from '../../http/schemas.ts';
import type { FastifyRequest } from 'fastify';
import { appOriginOf } from '../origins.ts';
import { resolveSdkCaller, resolveSignInCaller, sdkData } from '../sdk-auth.ts';
import { authenticatedPayload, codeChallengeSchema, codeVerifierSchema, sdkEnvelope, sessionDurationSchema } from '../wire-schemas.ts';
import type { PasswordService } from './service.ts';

const password = (name: string) =>
  z
    .string({ message: `${name} must be a string` })
    .min(1, { message: `Empty parameter ${name}` })
    .max(256, { message: `${name} must be at most 256 characters` });
const requiredDuration = sessionDurationSchema.describe('Required for passwords (spec §5).');
const redirect = (name: string) => z.string({ message: `${name} must be a string` }).max(2000);
/** Accepted on every password route; `captcha_token` is checked when the project enables captcha (`config.captcha`). */
const telemetry = { captcha_token: z.string().max(4096).optional(), dfp_telemetry_id: z.string().max(512).optional() };

const credentialsBody = z.object({ email: emailSchema, password: password('password'), session_duration_minutes: requiredDuration, ...telemetry });
/** Create, sign-in and reset by email name the email they used; the other resets do not. */
const signedInByEmail = sdkEnvelope({ ...authenticatedPayload, email_id: z.string() });
const signedIn = sdkEnvelope(authenticatedPayload);

const strengthResponse = sdkEnvelope({
  valid_password: z.boolean(),
  score: z.number().int(),
  breached_password: z.boolean(),
  strength_policy: z.enum(['zxcvbn', 'luds']),
  breach_detection_on_create: z.boolean(),
  feedback: z.object({
    warning: z.string(),
    suggestions: z.array(z.string()),
    luds_requirements: z.object({
      has_lower_case: z.boolean(),
      has_upper_case: z.boolean(),
      has_digit: z.boolean(),
      has_symbol: z.boolean(),
      missing_complexity: z.number().int(),
      missing_characters: z.number().int(),
    }),
  }),
});

const tags = ['Auth: passwords'];
/** 503: an email could not be sent, or every password-scoring thread is busy (Retry-After). */
const withSendErrors = { ...clientErrors, 503: errorResponseSchema };

export function passwordRoutes(app: App, passwords: PasswordService) {
  const signIn = (request: FastifyRequest) => resolveSignInCaller(app.ctx.db, request);

  const credentialRoutes = [
    ['/passwords', 'Create a user with a password and sign in', 'create'],
    ['/passwords/authenticate', 'Sign in with an email and password', 'authenticate'],
  ] as const;
  for (const [path, summary, run] of credentialRoutes) {
    app.post(
      path,
      { config: { captcha: true }, schema: { tags, summary, body: credentialsBody, response: { 200: signedInByEmail, ...withSendErrors } } },
      async (request) => {
        const { email, password, session_duration_minutes } = request.body;
        return sdkData(request, await passwords[run]({ ...(await signIn(request)), email, password, sessionDurationMinutes: session_duration_minutes }));
      },
    );
  }

  app.post(
    '/passwords/strength_check',
    {
      schema: {
        tags,
        summary: "Score a password against the project's policy and breach lists",
        body: z.object({ email: emailSchema.optional(), password: password('password') }),
        response: { 200: strengthResponse, ...withSendErrors },
      },
    },
    async (request) => {
      const caller = await resolveSdkCaller(app.ctx.db, request);
      return sdkData(request, await passwords.strengthCheck(caller.tenant, request.body.password, request.body.email, request.ip));
    },
  );

  app.post(
    '/passwords/email/reset/start',
    {
      config: { captcha: true },
      schema: {
        tags,
        summary: 'Email a password reset link (same answer for unknown addresses)',
        body: z.object({
          email: emailSchema,
          login_redirect_url: redirect('login_redirect_url').optional(),
          reset_password_redirect_url: redirect('reset_password_redirect_url').optional(),
          reset_password_expiration_minutes: z
            .number({ message: 'reset_password_expiration_minutes must be a number' })
            .int()
            .min(5, { message: 'reset_password_expiration_minutes must be at least 5' })
            .max(10_080, { message: 'reset_password_expiration_minutes must be at most 10080 (a week)' })
            .optional(),
          reset_password_template_id: z.enum(['password_reset'], { message: 'reset_password_template_id must be password_reset' }).optional(),
          code_challenge: codeChallengeSchema.optional(),
          locale: z.string().max(20).optional(),
          ...telemetry,
        }),
        response: { 200: sdkEnvelope({}), ...withSendErrors },
      },
    },
    async (request) => {
      const caller = await resolveSdkCaller(app.ctx.db, request);
      const body = request.body;
      const result = await passwords.resetStart({
        tenant: caller.tenant,
        email: body.email,
        resetUrl: body.reset_password_redirect_url,
        loginUrl: body.login_redirect_url,
        expirationMinutes: body.reset_password_expiration_minutes,
        codeChallenge: body.code_challenge,
        appOrigin: appOriginOf(caller.tenant, request.headers.origin),
        ip: request.ip,
      });
      return sdkData(request, result);
    },
  );

  app.post(
    '/passwords/email/reset',
    {
      config: { captcha: true },
      schema: {
        tags,
        summary: 'Set a new password with an emailed reset token and sign in',
        body: z.object({
          token: z.string({ message: 'token must be a string' }).min(1, { message: 'Empty parameter token' }).max(200),
          password: password('password'),
          code_verifier: codeVerifierSchema.optional(),
          session_duration_minutes: requiredDuration,
          ...telemetry,
        }),
        response: { 200: signedInByEmail, ...withSendErrors },
      },
    },
    async (request) => {
      const { token, password, code_verifier, session_duration_minutes } = request.body;
      const caller = await signIn(request);
      return sdkData(
        request,
        await passwords.resetByEmail({ ...caller, token, password, codeVerifier: code_verifier, sessionDurationMinutes: session_duration_minutes }),
      );
    },
  );

  app.post(
    '/passwords/existing_password/reset',
    {
      config: { captcha: true },
      schema: {
        tags,
        summary: 'Replace a password the caller knows and sign in',
        body: z.object({
          email: emailSchema,
          existing_password: password('existing_password'),
          new_password: password('new_password'),
          session_duration_minutes: requiredDuration,
          ...telemetry,
        }),
        response: { 200: signedIn, ...withSendErrors },
      },
    },
    async (request) => {
      const { email, existing_password, new_password, session_duration_minutes } = request.body;
      const input = { email, existingPassword: existing_password, newPassword: new_password, sessionDurationMinutes: session_duration_minutes };
      return sdkData(request, await passwords.resetExisting({ ...(await signIn(request)), ...input }));
    },
  );

  app.post(
    '/passwords/session/reset',
    {
      config: { captcha: true },
      schema: {
        tags,
        summary: "Set the signed-in user's password",
        body: z.object({ password: password('password'), session_duration_minutes: requiredDuration, ...telemetry }),
        response: { 200: signedIn, ...withSendErrors },
      },
    },
    async (request) => {
      const { password, session_duration_minutes } = request.body;
      return sdkData(request, await passwords.resetWithSession({ ...(await signIn(request)), password, sessionDurationMinutes: session_duration_minutes }));
    },
  );
}
