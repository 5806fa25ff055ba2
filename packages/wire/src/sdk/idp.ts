// Spec §7 (identity provider): the widget's IdP-consent calls, POST /sdk/v1/oauth/authorize/start,
// /oauth/authorize and /oauth/logout/start (docs/identity-provider.md). The request fields are the query of the
// developer's authorization page, passed through; a missing one is answered with the §5 message by the server.
import { z } from 'zod';
import { sdkEnvelope } from './envelope.ts';

const param = (name: string) => z.string({ message: `${name} must be a string` }).max(4096, { message: `${name} must be at most 4096 characters` });

/**
 * The authorize request (spec §2 IDP consent: client_id, redirect_uri, response_type; scope, code_challenge, state,
 * nonce optional; prompt and max_age from OpenID Connect Core).
 */
export const idpAuthorizeFields = {
  client_id: param('client_id').optional(),
  redirect_uri: param('redirect_uri').optional(),
  response_type: param('response_type').optional(),
  /** Space-separated, as in the query (`openid email profile`). */
  scope: param('scope').optional(),
  /** The same as a list (what `client.idp` of @keepsake/auth-js sends); wins over `scope` when both are given. */
  scopes: z
    .array(z.string({ message: 'each scope must be a string' }).max(100, { message: 'a scope is at most 100 characters' }), {
      message: 'scopes must be a list',
    })
    .max(20, { message: 'at most 20 scopes' })
    .optional(),
  code_challenge: param('code_challenge').optional(),
  code_challenge_method: param('code_challenge_method').optional(),
  state: param('state').optional(),
  nonce: param('nonce').optional(),
  prompt: param('prompt').optional(),
  /** OpenID Connect Core §3.1.2.1: seconds since the user last authenticated, at most (as in the query: a string). */
  max_age: param('max_age').optional(),
};

export const idpAuthorizeStartBody = z.object(idpAuthorizeFields);
export type IdpAuthorizeStartBody = z.input<typeof idpAuthorizeStartBody>;

/** The connected app as the consent screen shows it. */
export const idpClientSummarySchema = z.object({
  client_id: z.string(),
  client_name: z.string(),
  client_type: z.enum(['first_party', 'third_party']),
});

export const idpAuthorizeStartResponse = sdkEnvelope({
  consent_required: z.boolean(),
  oidc_client: idpClientSummarySchema,
  redirect_uri: z.string(),
  /** The requested scopes the app may be granted. */
  scopes: z.array(z.string()),
  /** The same, space-separated (the incumbent's field), and those requested that the app may not have. */
  grantable_scope: z.string(),
  ungrantable_scope: z.string(),
});

/** JSON `true`/`false`, or the strings a form post carries. */
const consentGranted = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
  message: 'consent_granted must be true or false',
});

export const idpAuthorizeBody = z.object({ ...idpAuthorizeFields, consent_granted: consentGranted.optional() });
export type IdpAuthorizeBody = z.input<typeof idpAuthorizeBody>;

/** The relying party's redirect URI with `code` and `state`, or with `error=access_denied` when consent was denied. */
export const idpAuthorizeResponse = sdkEnvelope({ redirect_uri: z.string() });

/** The logout request (spec §2: client_id and post_logout_redirect_uri; id_token_hint and state optional). */
export const idpLogoutStartBody = z.object({
  client_id: param('client_id').optional(),
  post_logout_redirect_uri: param('post_logout_redirect_uri').optional(),
  id_token_hint: param('id_token_hint').optional(),
  state: param('state').optional(),
});
export type IdpLogoutStartBody = z.input<typeof idpLogoutStartBody>;

/** Where to send the browser after logout (with `state`), and whether the user must confirm first. */
export const idpLogoutStartResponse = sdkEnvelope({ consent_required: z.boolean(), redirect_uri: z.string() });
