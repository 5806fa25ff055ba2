import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { clientErrors, emailSchema, errorResponseSchema } from '../../http/schemas.ts';
import { otpTemplateIds } from '../../mail/templates.ts';
import { resolveSdkCaller, resolveSignInCaller, sdkData } from '../sdk-auth.ts';
import { authenticatedPayload, sdkEnvelope, sessionDurationSchema } from '../wire-schemas.ts';
import { toE164 } from './phone.ts';
import type { OtpChannel, OtpSendParams, OtpService } from './service.ts';

const templateId = z.enum(otpTemplateIds, { message: `template id must be one of ${otpTemplateIds.join(', ')}` });

/** Spec §5: expiration_minutes is a number; we honour 1 to 60 minutes. */
const expirationMinutes = z
  .number({ message: 'expiration_minutes must be a number' })
  .int({ message: 'expiration_minutes must be a whole number' })
  .min(1, { message: 'expiration_minutes must be at least 1' })
  .max(60, { message: 'expiration_minutes must be at most 60' });

/** Fields every send accepts besides the destination. `captcha_token` is checked when the project enables captcha. */
const sendCommon = {
  expiration_minutes: expirationMinutes.optional(),
  captcha_token: z.string().max(4096).optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
  locale: z.string().max(20).optional(),
};

const emailSendBody = z.object({
  email: emailSchema,
  login_template_id: templateId.optional(),
  signup_template_id: templateId.optional(),
  ...sendCommon,
});

const phoneSendBody = z.object({
  phone_number: z.string({ message: 'phone_number must be a string' }).min(1, { message: 'Empty parameter phone_number' }).max(40),
  enable_autofill: z.boolean().optional(),
  ...sendCommon,
});

const sendResponse = sdkEnvelope({
  user_id: z.string(),
  method_id: z.string(),
  email_id: z.string().optional(),
  phone_id: z.string().optional(),
  user_created: z.boolean(),
});

const authenticateBody = z.object({
  token: z.string({ message: 'token must be a string' }).regex(/^\d{6}$/, { message: 'token must be a 6-digit passcode' }),
  method_id: z.string({ message: 'method_id must be a string' }).min(1).max(100),
  session_duration_minutes: sessionDurationSchema.optional(),
  dfp_telemetry_id: z.string().optional(),
  captcha_token: z.string().optional(),
});

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
          config: { captcha: true },
          schema: {
            tags: ['Auth: one-time passcodes'],
            summary: action.summary.replace('a passcode', `${channelNames[channel]} passcode`),
            body: channel === 'email' ? emailSendBody : phoneSendBody,
            response: { 200: sendResponse, ...clientErrors, 503: errorResponseSchema },
          },
        },
        async (request) => {
          const caller = await resolveSdkCaller(app.ctx.db, request);
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
      schema: {
        tags: ['Auth: one-time passcodes'],
        summary: 'Check a passcode (email, SMS or WhatsApp) and start a session',
        body: authenticateBody,
        response: { 200: sdkEnvelope({ ...authenticatedPayload, method_id: z.string(), reset_sessions: z.boolean() }), ...clientErrors },
      },
    },
    async (request) => {
      const { token, method_id, session_duration_minutes } = request.body;
      const caller = await resolveSignInCaller(app.ctx.db, request);
      return sdkData(request, await otps.authenticate({ ...caller, code: token, methodId: method_id, sessionDurationMinutes: session_duration_minutes }));
    },
  );
}
