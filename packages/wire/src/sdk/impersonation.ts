import { z } from 'zod';
import { authenticatedResponse, sessionDurationSchema } from './sessions.ts';

/** POST /impersonation/authenticate: a single-use token an administrator issued. */
export const impersonationAuthenticateBody = z.object({
  impersonation_token: z.string({ message: 'impersonation_token must be a string' }).min(1).max(200),
  session_duration_minutes: sessionDurationSchema.optional(),
  dfp_telemetry_id: z.string().max(200).optional(),
  captcha_token: z.string().max(4000).optional(),
});

export const impersonationAuthenticateResponse = authenticatedResponse;
