// TOTP authenticators and recovery codes (spec §7 /totps).
import { z } from 'zod';
import { sdkEnvelope } from './envelope.ts';
import { authenticatedPayload, sessionDurationSchema } from './sessions.ts';
import { changedUserPayload } from './users.ts';

const intermediateToken = z.string({ message: 'intermediate_session_token must be a string' }).max(200).optional();

/** POST /totps. */
export const totpCreateBody = z
  .object({
    expiration_minutes: z
      .number({ message: 'expiration_minutes must be a number' })
      .int({ message: 'expiration_minutes must be a whole number' })
      .min(5, { message: 'expiration_minutes must be at least 5' })
      .max(1440, { message: 'expiration_minutes must be at most 1440' })
      .optional(),
  })
  .nullish();

/** The secret, its QR code (a PNG data URL), ten recovery codes, and the user as it is now. */
export const totpCreateResponse = sdkEnvelope({
  totp_id: z.string(),
  secret: z.string(),
  qr_code: z.string(),
  recovery_codes: z.array(z.string()),
  ...changedUserPayload,
});

/** POST /totps/authenticate: completes an intermediate session, or steps a session up. */
export const totpAuthenticateBody = z.object({
  totp_code: z.string({ message: 'totp_code must be a string' }).regex(/^\d{6}$/, { message: 'totp_code must be a 6-digit code' }),
  session_duration_minutes: sessionDurationSchema.optional(),
  intermediate_session_token: intermediateToken,
});

/** A sign-in answer naming the TOTP used (authenticate and recover). */
export const totpAuthenticateResponse = sdkEnvelope({ ...authenticatedPayload, totp_id: z.string() });

/** POST /totps/recovery_codes: new codes in place of the old. */
export const totpRecoveryCodesResponse = sdkEnvelope({
  user_id: z.string(),
  totps: z.array(z.object({ totp_id: z.string(), verified: z.boolean(), recovery_codes: z.array(z.string()) })),
});

/** POST /totps/recover: a recovery code in place of a TOTP code. */
export const totpRecoverBody = z.object({
  recovery_code: z.string({ message: 'recovery_code must be a string' }).min(1).max(64, { message: 'recovery_code must be at most 64 characters' }),
  session_duration_minutes: sessionDurationSchema.optional(),
  intermediate_session_token: intermediateToken,
});
