import { errorResponseSchema } from '@keepsake/wire/errors';
import { emptyResponse } from '@keepsake/wire/sdk/envelope';
import {
  passwordCredentialsBody,
  passwordResetByEmailBody,
  passwordResetExistingBody,
  passwordResetSessionBody,
  passwordResetStartBody,
  passwordSignedInByEmailResponse,
  passwordSignedInResponse,
  passwordStrengthBody,
  passwordStrengthResponse,
} from '@keepsake/wire/sdk/passwords';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { appOriginOf } from '../origins.ts';
import { sdkData, signInCallerOf } from '../sdk-auth.ts';
import type { PasswordService } from './service.ts';

const tags = ['Auth: passwords'];
/** 503: an email could not be sent, or every password-scoring thread is busy (Retry-After). */
const withSendErrors = { ...clientErrors, 503: errorResponseSchema };

export function passwordRoutes(app: App, passwords: PasswordService) {
  const credentialRoutes = [
    ['/passwords', 'Create a user with a password and sign in', 'create'],
    ['/passwords/authenticate', 'Sign in with an email and password', 'authenticate'],
  ] as const;
  for (const [path, summary, run] of credentialRoutes) {
    app.post(
      path,
      {
        config: { auth: { kind: 'publicToken' }, captcha: true },
        schema: { tags, summary, body: passwordCredentialsBody, response: { 200: passwordSignedInByEmailResponse, ...withSendErrors } },
      },
      async (request) => {
        const { email, password, session_duration_minutes } = request.body;
        return sdkData(request, await passwords[run]({ ...signInCallerOf(request), email, password, sessionDurationMinutes: session_duration_minutes }));
      },
    );
  }

  app.post(
    '/passwords/strength_check',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "Score a password against the project's policy and breach lists",
        body: passwordStrengthBody,
        response: { 200: passwordStrengthResponse, ...withSendErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      return sdkData(request, await passwords.strengthCheck(caller.tenant, request.body.password, request.body.email, request.ip));
    },
  );

  app.post(
    '/passwords/email/reset/start',
    {
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags,
        summary: 'Email a password reset link (same answer for unknown addresses)',
        body: passwordResetStartBody,
        response: { 200: emptyResponse, ...withSendErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
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
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags,
        summary: 'Set a new password with an emailed reset token and sign in',
        body: passwordResetByEmailBody,
        response: { 200: passwordSignedInByEmailResponse, ...withSendErrors },
      },
    },
    async (request) => {
      const { token, password, code_verifier, session_duration_minutes } = request.body;
      const caller = signInCallerOf(request);
      return sdkData(
        request,
        await passwords.resetByEmail({ ...caller, token, password, codeVerifier: code_verifier, sessionDurationMinutes: session_duration_minutes }),
      );
    },
  );

  app.post(
    '/passwords/existing_password/reset',
    {
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags,
        summary: 'Replace a password the caller knows and sign in',
        body: passwordResetExistingBody,
        response: { 200: passwordSignedInResponse, ...withSendErrors },
      },
    },
    async (request) => {
      const { email, existing_password, new_password, session_duration_minutes } = request.body;
      const input = { email, existingPassword: existing_password, newPassword: new_password, sessionDurationMinutes: session_duration_minutes };
      return sdkData(request, await passwords.resetExisting({ ...signInCallerOf(request), ...input }));
    },
  );

  app.post(
    '/passwords/session/reset',
    {
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags,
        summary: "Set the signed-in user's password",
        body: passwordResetSessionBody,
        response: { 200: passwordSignedInResponse, ...withSendErrors },
      },
    },
    async (request) => {
      const { password, session_duration_minutes } = request.body;
      return sdkData(request, await passwords.resetWithSession({ ...signInCallerOf(request), password, sessionDurationMinutes: session_duration_minutes }));
    },
  );
}
