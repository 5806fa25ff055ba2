// Spec §2 "IDP consent query": what the page URL asks the identity provider for. The logout flow is chosen when
// `post_logout_redirect_uri` is present; otherwise it is an authorize request. A required parameter that is
// missing (or empty) is named, for the §5 message.
import type { IdpAuthorizeStartBody, IdpLogoutStartBody } from '@keepsake/wire/sdk/idp';

const AUTHORIZE_REQUIRED = ['client_id', 'redirect_uri', 'response_type'] as const;
/** `code_challenge_method` is not in the spec's list, but every PKCE client sends it (`S256`): passed through. */
const AUTHORIZE_OPTIONAL = ['code_challenge', 'code_challenge_method', 'state', 'nonce', 'prompt', 'max_age'] as const;
const LOGOUT_REQUIRED = ['client_id', 'post_logout_redirect_uri'] as const;
const LOGOUT_OPTIONAL = ['id_token_hint', 'state'] as const;

/** The wire body's fields named in `R` (present, as strings) and `O` (optional): one home for their types. */
type Fields<T, R extends keyof T, O extends keyof T> = { [K in R]-?: NonNullable<T[K]> } & { [K in O]?: NonNullable<T[K]> };

export type AuthorizeRequest = { flow: 'authorize' } & Fields<
  IdpAuthorizeStartBody,
  (typeof AUTHORIZE_REQUIRED)[number],
  (typeof AUTHORIZE_OPTIONAL)[number]
> & {
    /** `scope`, split on spaces (empty when the query has none: the server applies the client's default). */
    scopes: string[];
  };

export type LogoutRequest = { flow: 'logout' } & Fields<IdpLogoutStartBody, (typeof LOGOUT_REQUIRED)[number], (typeof LOGOUT_OPTIONAL)[number]>;

export type IdpQuery = AuthorizeRequest | LogoutRequest | { flow: 'missing'; param: string };

/** The parameters present, or the first required one that is missing. */
function pick(query: URLSearchParams, required: readonly string[], optional: readonly string[]): { values: Record<string, string>; missing?: string } {
  const values: Record<string, string> = {};
  for (const name of required) {
    const value = query.get(name)?.trim();
    if (!value) return { values, missing: name };
    values[name] = value;
  }
  for (const name of optional) {
    const value = query.get(name);
    if (value) values[name] = value;
  }
  return { values };
}

/** Reads the authorize or logout request from a query string (`?client_id=…&redirect_uri=…`). */
export function parseIdpQuery(search: string): IdpQuery {
  const query = new URLSearchParams(search);
  if (query.has('post_logout_redirect_uri')) {
    const { values, missing } = pick(query, LOGOUT_REQUIRED, LOGOUT_OPTIONAL);
    if (missing) return { flow: 'missing', param: missing };
    return { flow: 'logout', ...(values as Omit<LogoutRequest, 'flow'>) };
  }
  const { values, missing } = pick(query, AUTHORIZE_REQUIRED, AUTHORIZE_OPTIONAL);
  if (missing) return { flow: 'missing', param: missing };
  const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
  return { flow: 'authorize', ...(values as Omit<AuthorizeRequest, 'flow' | 'scopes'>), scopes };
}
