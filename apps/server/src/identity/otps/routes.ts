import { errorResponseSchema } from '@keepsake/wire/errors';
import { otpAuthenticateBody, otpAuthenticateResponse, otpEmailSendBody, otpPhoneSendBody, otpSendResponse } from '@keepsake/wire/sdk/otps';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { sdkData, signInCallerOf } from '../sdk-auth.ts';
import { toE164 } from './phone.ts';
import type { OtpChannel, OtpSendParams, OtpService } from './service.ts';

const actions = {
  login_or_create: { summary: 'Send a passcode, creating the user if needed', run: 'loginOrCreate' },
  'send/primary': { summary: 'Send a passcode to an existing user (same answer for unknown ones)', run: 'sendPrimary' },
  'send/secondary': { summary: "Send a passcode to the signed-in user's address, to add a factor", run: 'sendSecondary' },
} as const;

const channelNames: Record<OtpChannel, string> = { email: 'an email', sms: 'an SMS', whatsapp: 'a WhatsApp' };

export function otpRoutes(app: App, otps: OtpService) {
  for (const channel of ['email', 'sms', 'whatsapp'] as const) {
    for (const [path, action] of Object.entries(actions)) {
      app.post(
        `/otps/${channel}/${path}`,
        {
          config: { auth: { kind: 'publicToken' }, captcha: true },
          schema: {
            tags: ['Auth: one-time passcodes'],
            summary: action.summary.replace('a passcode', `${channelNames[channel]} passcode`),
            body: channel === 'email' ? otpEmailSendBody : otpPhoneSendBody,
            response: { 200: otpSendResponse, ...clientErrors, 503: errorResponseSchema },
          },
        },
        async (request) => {
          const caller = sdkCaller(request);
          const body = request.body;
          const params: OtpSendParams = {
            tenant: caller.tenant,
            channel,
            destination: 'email' in body ? body.email : toE164(body.phone_number),
            expirationMinutes: body.expiration_minutes,
            loginTemplateId: 'email' in body ? body.login_template_id : undefined,
            signupTemplateId: 'email' in body ? body.signup_template_id : undefined,
            ip: request.ip,
          };
          const result =
            action.run === 'sendSecondary' ? await otps.sendSecondary({ ...params, sessionToken: caller.sessionToken }) : await otps[action.run](params);
          return sdkData(request, result);
        },
      );
    }
  }

  app.post(
    '/otps/authenticate',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags: ['Auth: one-time passcodes'],
        summary: 'Check a passcode (email, SMS or WhatsApp) and start a session',
        body: otpAuthenticateBody,
        response: { 200: otpAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { token, method_id, session_duration_minutes } = request.body;
      const caller = signInCallerOf(request);
      return sdkData(request, await otps.authenticate({ ...caller, code: token, methodId: method_id, sessionDurationMinutes: session_duration_minutes }));
    },
  );
}
