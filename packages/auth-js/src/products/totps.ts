// `client.totps` (spec §7): create an authenticator app factor, authenticate a code, new recovery codes,
// recover with a recovery code. As a second factor after a sign-in that answered `mfa_required`, the
// intermediate session token (kept 10 minutes in `stytch_intermediate_session_token`) is sent along, and the
// answer's session replaces it (spec §4).
import { defineProduct, type AuthCore } from '../core/product.ts';
import { checkOptions, compact } from '../core/validate.ts';
import type { totpAuthenticateBody, totpAuthenticateResponse, totpCreateBody, totpRecoverBody } from '@keepsake/wire/sdk/totps';
import type { z } from 'zod';
import type { SdkData, TotpCreateResponse, TotpRecoveryCodesResponse } from '../types.ts';

/** Minutes an unverified TOTP waits for its first code (5–1440). */
export type TotpCreateOptions = Pick<NonNullable<z.input<typeof totpCreateBody>>, 'expiration_minutes'>;
/** The code from the authenticator app, and how long the new session lasts. */
export type TotpAuthenticateOptions = Pick<z.input<typeof totpAuthenticateBody>, 'totp_code' | 'session_duration_minutes'>;
/** A recovery code, and how long the new session lasts. */
export type TotpRecoverOptions = Pick<z.input<typeof totpRecoverBody>, 'recovery_code' | 'session_duration_minutes'>;
/** A sign-in answer naming the TOTP used. */
export type TotpAuthenticateResponse = SdkData<typeof totpAuthenticateResponse>;

/** `client.totps`. */
export type TotpsApi = {
  /**
   * Creates a TOTP for the signed-in user: the secret, a QR code (PNG data URL) and ten recovery codes.
   * @throws NoSessionError without a session
   * @example
   * const { qr_code, recovery_codes } = await client.totps.create({ expiration_minutes: 60 });
   */
  create(options?: TotpCreateOptions): Promise<TotpCreateResponse>;
  /**
   * Checks a code from the authenticator app: finishes an MFA sign-in, or steps the session up.
   * @example
   * await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 60 });
   */
  authenticate(options: TotpAuthenticateOptions): Promise<TotpAuthenticateResponse>;
  /**
   * Ten new recovery codes for the signed-in user's TOTP (the old ones stop working).
   * @example
   * const { totps } = await client.totps.recoveryCodes();
   */
  recoveryCodes(): Promise<TotpRecoveryCodesResponse>;
  /**
   * Uses a recovery code in place of a TOTP code.
   * @example
   * await client.totps.recover({ recovery_code: 'abcd-efgh-ijkl', session_duration_minutes: 60 });
   */
  recover(options: TotpRecoverOptions): Promise<TotpAuthenticateResponse>;
};

/** A second factor's body: the code (or recovery code), and the intermediate session token of a sign-in that awaits it. */
type SecondFactorBody = z.input<typeof totpAuthenticateBody> | z.input<typeof totpRecoverBody>;

async function secondFactor(core: AuthCore, path: string, body: TotpAuthenticateOptions | TotpRecoverOptions): Promise<TotpAuthenticateResponse> {
  const data = await core.transport.request<TotpAuthenticateResponse>({
    method: 'POST',
    path,
    body: compact({ ...body, intermediate_session_token: core.session.intermediateToken() } satisfies SecondFactorBody),
  });
  core.session.update(data);
  return data;
}

/**
 * The TOTP product. Pass it to `createAuthClient({ products: [totps] })`.
 * @example
 * import { totps } from '@keepsake/auth-js/totps';
 */
export const totps = defineProduct('totps', (core): TotpsApi => ({
  async create(options) {
    checkOptions('totps.create', options, { expiration_minutes: 'integer' });
    core.session.requireSession();
    const data = await core.transport.request<TotpCreateResponse>({
      method: 'POST',
      path: '/totps',
      body: compact({ ...options } satisfies z.input<typeof totpCreateBody>),
    });
    core.session.setUser(data.user);
    return data;
  },
  async authenticate(options) {
    checkOptions('totps.authenticate', options, { totp_code: { kind: 'string', required: true }, session_duration_minutes: 'integer' });
    return secondFactor(core, '/totps/authenticate', options);
  },
  async recoveryCodes() {
    core.session.requireSession();
    return core.transport.request<TotpRecoveryCodesResponse>({ method: 'POST', path: '/totps/recovery_codes' });
  },
  async recover(options) {
    checkOptions('totps.recover', options, { recovery_code: { kind: 'string', required: true }, session_duration_minutes: 'integer' });
    return secondFactor(core, '/totps/recover', options);
  },
}));
