import {
  webauthnAuthenticateBody,
  webauthnAuthenticateResponse,
  webauthnAuthenticateStartBody,
  webauthnAuthenticateStartResponse,
  webauthnRegisterBody,
  webauthnRegisterResponse,
  webauthnRegisterStartBody,
  webauthnRegisterStartResponse,
  webauthnUpdateBody,
  webauthnUpdateParams,
  webauthnUpdateResponse,
} from '@keepsake/wire/sdk/webauthn';
import { withClientUser } from '@keepsake/wire/sdk/users';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { requireSessionToken, sdkData, signInCallerOf } from '../sdk-auth.ts';
import type { WebauthnService } from './service.ts';

const tags = ['Auth: passkeys (WebAuthn)'];

/** Spec §7 /webauthn: HTTP only; the ceremony's rules live in the service. */
export function webauthnRoutes(app: App, webauthn: WebauthnService) {
  app.post(
    '/webauthn/register/start',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: 'Creation options for a new passkey of the signed-in user (JSON text for navigator.credentials.create)',
        body: webauthnRegisterStartBody,
        response: { 200: webauthnRegisterStartResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await webauthn.registerStart(signInCallerOf(request), {
        domain: body.domain,
        authenticatorType: body.authenticator_type,
        passkey: body.return_passkey_credential_options === true,
        overrideId: body.override_id,
        overrideName: body.override_name,
        overrideDisplayName: body.override_display_name,
        userAgent: body.user_agent,
      });
      reply.header('cache-control', 'no-store');
      return sdkData(request, result);
    },
  );

  app.post(
    '/webauthn/register',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "Store the browser's new credential for the signed-in user; the passkey factor joins the session",
        body: webauthnRegisterBody,
        response: { 200: webauthnRegisterResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { public_key_credential, session_duration_minutes } = request.body;
      const result = await webauthn.register({
        ...signInCallerOf(request),
        credential: public_key_credential,
        sessionDurationMinutes: session_duration_minutes,
      });
      return sdkData(request, withClientUser(result));
    },
  );

  for (const [kind, summary] of [
    ['primary', 'Request options for signing in with a passkey (JSON text for navigator.credentials.get)'],
    ['secondary', "Request options for a step-up of the caller's session with one of the user's passkeys"],
  ] as const) {
    app.post(
      `/webauthn/authenticate/start/${kind}`,
      {
        config: { auth: { kind: 'publicToken' } },
        schema: {
          tags,
          summary,
          body: webauthnAuthenticateStartBody,
          response: { 200: webauthnAuthenticateStartResponse, ...clientErrors },
        },
      },
      async (request, reply) => {
        const { domain, return_passkey_credential_options } = request.body;
        const result = await webauthn.authenticateStart({
          ...signInCallerOf(request),
          domain,
          passkey: return_passkey_credential_options === true,
          secondary: kind === 'secondary',
        });
        reply.header('cache-control', 'no-store');
        return sdkData(request, result);
      },
    );
  }

  app.post(
    '/webauthn/authenticate',
    {
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags,
        summary: 'Sign in with a passkey assertion (or step the session up after a secondary start)',
        body: webauthnAuthenticateBody,
        response: { 200: webauthnAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { public_key_credential, session_duration_minutes } = request.body;
      return sdkData(
        request,
        await webauthn.authenticate({ ...signInCallerOf(request), credential: public_key_credential, sessionDurationMinutes: session_duration_minutes }),
      );
    },
  );

  app.put(
    '/webauthn/update/:webauthn_registration_id',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "Rename one of the signed-in user's passkeys",
        params: webauthnUpdateParams,
        body: webauthnUpdateBody,
        response: { 200: webauthnUpdateResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { tenant, sessionToken } = signInCallerOf(request);
      const result = await webauthn.update(tenant, requireSessionToken(sessionToken), request.params.webauthn_registration_id, request.body.name);
      return sdkData(request, withClientUser(result));
    },
  );
}
