// `client.webauthn` (spec §7 Passkeys: register start/register, authenticate start/authenticate, update).
// Not offered by this server yet: every method rejects with 'Provider webauthn is not yet supported'.
import { defineProduct } from '../core/product.ts';
import type { AuthenticateResponse, ResponseCommon } from '../types.ts';
import { notSupported } from './not-supported.ts';

/** Spec §7 passkey registration parameters. */
export type WebauthnRegisterOptions = {
  domain?: string;
  authenticator_type?: 'platform' | 'cross-platform';
  is_passkey?: boolean;
  session_duration_minutes?: number;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
};

/** Spec §7 passkey sign-in parameters (`session_duration_minutes` required, §5). */
export type WebauthnAuthenticateOptions = {
  session_duration_minutes: number;
  domain?: string;
  is_passkey?: boolean;
  conditional_mediation?: boolean;
  signal?: AbortSignal;
};

/** `client.webauthn` (rejects with 'Provider webauthn is not yet supported'). */
export type WebauthnApi = {
  register(options?: WebauthnRegisterOptions): Promise<ResponseCommon & { webauthn_registration_id: string }>;
  authenticate(options: WebauthnAuthenticateOptions): Promise<AuthenticateResponse>;
  update(options: { webauthn_registration_id: string; name: string }): Promise<ResponseCommon>;
  browserSupportsAutofill(): Promise<boolean>;
};

/**
 * The passkey product (not supported by this server yet).
 * @example
 * import { webauthn } from '@keepsake/auth-js/webauthn';
 */
export const webauthn = defineProduct('webauthn', (): WebauthnApi => ({
  register: notSupported('webauthn', 'webauthn.register'),
  authenticate: notSupported('webauthn', 'webauthn.authenticate'),
  update: notSupported('webauthn', 'webauthn.update'),
  browserSupportsAutofill: notSupported('webauthn', 'webauthn.browserSupportsAutofill'),
}));
