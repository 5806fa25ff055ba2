// CLI sign-in (ADR 114, docs/cli.md): the RFC 8628 device grant, the loopback grant and the developer's CLI tokens.
import { z } from 'zod';
import { uuidSchema } from '../common.ts';

export const cliClientId = 'keepsake-cli';
export const deviceCodeGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

/** A user code as the developer types it: eight letters, an optional dash in the middle, any case. */
export const userCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/, 'Enter the code as XXXX-XXXX.');

/** POST /api/cli/device/code */
export const deviceAuthorizationResponse = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});

export const maxDeviceNameLength = 100;
const deviceNameMessage = `must be 1 to ${maxDeviceNameLength} printable characters`;

/**
 * The name of the machine a CLI token is for (the CLI sends its hostname, or `--device-name`): trimmed, 1–100
 * characters, none of them a control, format or line/paragraph-separator character.
 */
export const deviceNameSchema = z
  .string({ message: 'must be a string' })
  .trim()
  .min(1, { message: deviceNameMessage })
  .max(maxDeviceNameLength, { message: deviceNameMessage })
  .regex(/^[^\p{C}\p{Zl}\p{Zp}]+$/u, { message: deviceNameMessage });

/**
 * POST /api/cli/device/code (RFC 8628 §3.1). `device_name` is an extension: the approval page shows it, so the
 * developer can tell their own terminal's request from someone else's.
 */
export const deviceAuthorizationBody = z.object({ client_id: z.literal(cliClientId), device_name: deviceNameSchema.optional() });

/**
 * POST /api/cli/token: the device code grant, or the loopback grant's code with its PKCE verifier. Both carry the
 * optional `device_name` the token is listed under (older CLIs send none).
 */
export const cliTokenBody = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal(deviceCodeGrantType),
    client_id: z.literal(cliClientId),
    device_code: z.string().min(1).max(200),
    device_name: deviceNameSchema.optional(),
  }),
  z.object({
    grant_type: z.literal('authorization_code'),
    client_id: z.literal(cliClientId),
    code: z.string().min(1).max(200),
    code_verifier: z.string().min(43).max(128),
    redirect_uri: z.string().max(500),
    device_name: deviceNameSchema.optional(),
  }),
]);
export const cliTokenResponse = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), token_id: z.string() });

/** GET /api/console/cli/device?user_code=… and POST …/approve|deny: the console side of the device grant. */
export const userCodeQuery = z.object({ user_code: userCodeSchema });
export const deviceDecisionBody = z.object({ user_code: userCodeSchema });
/** `device_name`: what the CLI asked under (null when it sent none). */
export const deviceLookupResponse = z.object({ user_code: z.string(), expires_at: z.string(), device_name: z.string().nullable() });
export const deviceDecisionResponse = z.object({ status: z.enum(['approved', 'denied']) });

/** POST /api/console/cli/loopback: the signed-in developer approves a loopback sign-in. */
export const loopbackApproveBody = z.object({
  redirect_uri: z.string().max(500),
  state: z.string().min(1).max(500),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be a base64url SHA-256 (S256).'),
});
export const loopbackApproveResponse = z.object({ redirect_to: z.string() });

/** GET /api/console/account/cli-tokens, DELETE …/{id} */
export const cliTokenSchema = z.object({
  id: z.string(),
  hint: z.string(),
  /** The machine the CLI signed in on; null for tokens issued before device names (the console shows a fallback). */
  deviceName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const cliTokensResponse = z.object({ tokens: z.array(cliTokenSchema) });
export const cliTokenParams = z.object({ id: uuidSchema });
export const cliTokenRevokeResponse = z.object({ revoked: z.literal(true) });
export type CliToken = z.infer<typeof cliTokenSchema>;
