// `client.idp`: the identity-provider role (spec §2 IDP consent, §7 `/oauth/authorize/start`,
// `/oauth/authorize`, `/oauth/logout/start`). Not offered by this server yet: every method rejects with
// 'Provider idp is not yet supported'.
import { defineProduct } from '../core/product.ts';
import type { ResponseCommon } from '../types.ts';
import { notSupported } from './not-supported.ts';

/** Spec §2 IDP consent: the authorize request's parameters. */
export type IdpAuthorizeParams = {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scopes?: string[];
  code_challenge?: string;
  state?: string;
  nonce?: string;
};

/** Spec §2 IDP logout: the logout request's parameters. */
export type IdpLogoutParams = { client_id: string; post_logout_redirect_uri: string; id_token_hint?: string; state?: string };

/** `client.idp` (rejects with 'Provider idp is not yet supported'). */
export type IdpApi = {
  oauthAuthorizeStart(params: IdpAuthorizeParams): Promise<ResponseCommon & { consent_required: boolean; scopes: string[] }>;
  oauthAuthorizeSubmit(params: IdpAuthorizeParams & { consent_granted: boolean }): Promise<ResponseCommon & { redirect_uri: string }>;
  oauthLogoutStart(params: IdpLogoutParams): Promise<ResponseCommon & { consent_required: boolean }>;
};

/**
 * The identity-provider product (not supported by this server yet).
 * @example
 * import { idp } from '@keepsake/auth-js/idp';
 */
export const idp = defineProduct('idp', (): IdpApi => ({
  oauthAuthorizeStart: notSupported('idp', 'idp.oauthAuthorizeStart'),
  oauthAuthorizeSubmit: notSupported('idp', 'idp.oauthAuthorizeSubmit'),
  oauthLogoutStart: notSupported('idp', 'idp.oauthLogoutStart'),
}));
