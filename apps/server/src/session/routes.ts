import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../http/types.ts';
import { ApiError, errorTypes } from '../http/errors.ts';
import { clientErrors, emailSchema } from '../http/schemas.ts';
import type { IdentityService } from '../identity/service.ts';
import type { ProjectService } from '../projects/service.ts';
import { CONSOLE_SESSION_MINUTES, SESSION_COOKIE, type ProductSessionService } from './service.ts';

/** Only same-origin relative paths are followed after sign-out; anything else goes to '/'. */
export function safeCallbackUrl(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** Spec §3 "Session (app)": an empty object means unauthenticated. */
const signedOut: Record<string, never> = {};

const sessionUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  webauthn_registrations: z.array(z.object({ webauthn_registration_id: z.string(), name: z.string() })),
});

export function productSessionRoutes(app: App, deps: { sessions: ProductSessionService; identity: IdentityService; projects: ProjectService }) {
  const secure = app.ctx.config.publicUrl.startsWith('https://');

  function clearCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  }

  app.get(
    '/api/session',
    {
      schema: {
        tags: ['Product session'],
        summary: 'The signed-in user, or {} when signed out',
        response: { 200: z.union([z.object({ user: sessionUserSchema, expires: z.string() }), z.object({}).strict()]) },
      },
    },
    async (request) => {
      const user = await deps.sessions.current(request.cookies[SESSION_COOKIE]);
      if (!user) return signedOut;
      const profile = await deps.identity.platformUserProfile(user.userId);
      const name = [profile?.name?.first_name, profile?.name?.last_name].filter(Boolean).join(' ');
      return {
        user: {
          userId: user.userId,
          email: user.email,
          name: name || user.email,
          image: null,
          createdAt: (profile?.createdAt ?? new Date()).toISOString(),
          webauthn_registrations: [],
        },
        expires: user.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/session/authenticate',
    {
      schema: {
        tags: ['Product session'],
        summary: 'Exchange an auth-service session token for the console session cookie',
        body: z.object({ session_token: z.string({ message: 'session_token must be a string' }).min(1).max(200) }),
        response: { 200: z.object({ ok: z.literal(true), status: z.literal(200), error: z.null() }), ...clientErrors },
      },
    },
    async (request, reply) => {
      const { expiresAt } = await deps.sessions.authenticate(request.body.session_token).catch(() => {
        throw new ApiError(401, errorTypes.invalidSessionToken, 'That session token is not valid.');
      });
      const maxAge = Math.min(Math.floor((expiresAt.getTime() - Date.now()) / 1000), CONSOLE_SESSION_MINUTES * 60);
      reply.setCookie(SESSION_COOKIE, request.body.session_token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
      return { ok: true as const, status: 200 as const, error: null };
    },
  );

  const signoutQuery = z.object({ callbackUrl: z.string().max(2000).optional() });

  app.post(
    '/api/session/signout',
    {
      schema: {
        tags: ['Product session'],
        summary: 'Sign out; answers where to go next',
        querystring: signoutQuery,
        body: z.object({ callbackUrl: z.string().max(2000).optional() }).nullish(),
        response: { 200: z.object({ url: z.string() }), ...clientErrors },
      },
    },
    async (request, reply) => {
      await deps.sessions.signOut(request.cookies[SESSION_COOKIE]);
      clearCookie(reply);
      return { url: safeCallbackUrl(request.query.callbackUrl ?? request.body?.callbackUrl) };
    },
  );

  app.get(
    '/api/session/signout',
    { schema: { tags: ['Product session'], summary: 'Sign out and redirect to callbackUrl or /', querystring: signoutQuery } },
    async (request, reply) => {
      await deps.sessions.signOut(request.cookies[SESSION_COOKIE]);
      clearCookie(reply);
      return reply.redirect(safeCallbackUrl(request.query.callbackUrl), 303);
    },
  );

  app.post(
    '/api/sdk/auth/user/get-or-create',
    {
      schema: {
        tags: ['Product session'],
        summary: 'Whether an email already has a project; picks the sign-in email template',
        body: z.object({ email: emailSchema }),
        response: {
          200: z.object({ hasProject: z.boolean(), templateId: z.string() }),
          ...clientErrors,
        },
      },
    },
    async (request) => {
      const { windowSeconds, otpPerIp } = app.ctx.config.rateLimits;
      await deps.identity.limiter.hit(`get-or-create:ip:${request.ip}`, otpPerIp, windowSeconds);
      const { userId } = await deps.identity.getOrCreatePlatformUser(request.body.email);
      const hasProject = await deps.projects.hasProject(userId);
      // Spec §7: signin_otp / signup_otp for the console, the auth_sdk_* pair when an API key is given.
      const withApiKey = Boolean(request.headers['x-api-key']);
      const templateId = withApiKey
        ? hasProject
          ? 'auth_sdk_signin_otp_with_project'
          : 'auth_sdk_signin_otp_without_project'
        : hasProject
          ? 'signin_otp'
          : 'signup_otp';
      return { hasProject, templateId };
    },
  );
}
