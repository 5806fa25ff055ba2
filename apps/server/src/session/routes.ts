import type { FastifyReply } from 'fastify';
import { getOrCreateUserBody, getOrCreateUserResponse, sessionResponse, signoutBody, signoutQuery, signoutResponse } from '@keepsake/wire/console/session';
import type { App } from '../http/types.ts';
import { clientErrors } from '../http/schemas.ts';
import type { IdentityService } from '../identity/service.ts';
import type { OtpTemplateId } from '../mail/templates.ts';
import type { ProjectService } from '../projects/service.ts';
import { SESSION_COOKIE, type ProductSessionService } from './service.ts';

/** Only same-origin relative paths are followed after sign-out; anything else goes to '/'. */
export function safeCallbackUrl(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** Spec §3 "Session (app)": an empty object means unauthenticated. */
const signedOut: Record<string, never> = {};

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
        response: { 200: sessionResponse },
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
          webauthn_registrations: profile?.webauthnRegistrations ?? [],
        },
        expires: user.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/session/signout',
    {
      schema: {
        tags: ['Product session'],
        summary: 'Sign out; answers where to go next',
        querystring: signoutQuery,
        body: signoutBody,
        response: { 200: signoutResponse, ...clientErrors },
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
        body: getOrCreateUserBody,
        response: { 200: getOrCreateUserResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { windowSeconds, otpPerIp } = app.ctx.config.rateLimits;
      await deps.identity.limiter.hit(`get-or-create:ip:${request.ip}`, otpPerIp, windowSeconds);
      const { userId } = await deps.identity.getOrCreatePlatformUser(request.body.email);
      const hasProject = await deps.projects.hasProject(userId);
      // Spec §7: signin_otp / signup_otp for the console, the auth_sdk_* pair when an API key is given.
      const withApiKey = Boolean(request.headers['x-api-key']);
      const templateId: OtpTemplateId = withApiKey
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
