// `client.idp`: the identity-provider role (spec §2 IDP consent, §7 `/oauth/authorize/start`, `/oauth/authorize`,
// `/oauth/logout/start`; docs/identity-provider.md). The widget in IdP-consent mode calls these with the signed-in
// user's session; the request fields are those of the developer's authorization page query, passed through.
import type { z } from 'zod';
import type {
  idpAuthorizeBody,
  idpAuthorizeResponse,
  idpAuthorizeStartBody,
  idpAuthorizeStartResponse,
  idpLogoutStartBody,
  idpLogoutStartResponse,
} from '@keepsake/wire/sdk/idp';
import type { SdkData } from '@keepsake/wire/sdk/envelope';
import { defineProduct } from '../core/product.ts';

/**
 * Spec §2 IDP consent: the authorize request's parameters (client_id, redirect_uri, response_type; scope or scopes,
 * code_challenge, code_challenge_method, state, nonce, prompt, max_age optional).
 */
export type IdpAuthorizeParams = z.input<typeof idpAuthorizeStartBody>;

/** Spec §2 IDP logout: client_id and post_logout_redirect_uri; id_token_hint and state optional. */
export type IdpLogoutParams = z.input<typeof idpLogoutStartBody>;

/** The preflight's answer: `consent_required`, `oidc_client`, `redirect_uri`, `scopes` (and the incumbent's `grantable_scope`/`ungrantable_scope`). */
export type IdpAuthorizeStartResponse = SdkData<typeof idpAuthorizeStartResponse>;
/** The redirect URI to send the browser to: with `code` and `state`, or `error=access_denied`. */
export type IdpAuthorizeSubmitResponse = SdkData<typeof idpAuthorizeResponse>;
/** Where to send the browser after logout, and whether the user must confirm first. */
export type IdpLogoutStartResponse = SdkData<typeof idpLogoutStartResponse>;

/** `client.idp`. */
export type IdpApi = {
  /**
   * Checks the authorize request for the signed-in user: whether consent is needed, and for which app and scopes.
   * @throws ApiError (401 no session; 400 'Required parameter is missing: …', invalid_redirect_uri; 404 oidc_client_not_found)
   * @example
   * const start = await client.idp.oauthAuthorizeStart({ client_id, redirect_uri, response_type: 'code', scope: 'openid email' });
   */
  oauthAuthorizeStart(params: IdpAuthorizeParams): Promise<IdpAuthorizeStartResponse>;
  /**
   * The user's answer (`consent_granted`; ignored when no consent is needed): answers the redirect URI carrying the
   * one-time `code` and `state`, or `error=access_denied`.
   * @example
   * const { redirect_uri } = await client.idp.oauthAuthorizeSubmit({ ...params, consent_granted: true });
   * window.location.assign(redirect_uri);
   */
  oauthAuthorizeSubmit(params: z.input<typeof idpAuthorizeBody>): Promise<IdpAuthorizeSubmitResponse>;
  /**
   * Checks the logout request: answers the post-logout redirect (with `state`) and whether the user must confirm.
   * @example
   * const { consent_required, redirect_uri } = await client.idp.oauthLogoutStart({ client_id, post_logout_redirect_uri });
   */
  oauthLogoutStart(params: IdpLogoutParams): Promise<IdpLogoutStartResponse>;
};

/**
 * The identity-provider product.
 * @example
 * import { idp } from '@keepsake/auth-js/idp';
 * const client = createAuthClient(publicToken, { products: [idp] });
 */
export const idp = defineProduct('idp', (core): IdpApi => ({
  oauthAuthorizeStart: (params) => core.transport.request({ method: 'POST', path: '/oauth/authorize/start', body: params }),
  oauthAuthorizeSubmit: (params) => core.transport.request({ method: 'POST', path: '/oauth/authorize', body: params }),
  oauthLogoutStart: (params) => core.transport.request({ method: 'POST', path: '/oauth/logout/start', body: params }),
}));
