import { randomUUID } from 'node:crypto';
import { idpScopes } from '@keepsake/wire/console/connected-apps';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../platform/domain-errors.ts';
import { randomToken, sha256Hex } from '../../platform/secrets.ts';
import type { SessionService } from '../sessions/service.ts';
import type { Tenant } from '../tenants.ts';
import { MissingSessionTokenError } from '../errors.ts';
import {
  CodeChallengeRequiredError,
  InvalidPostLogoutRedirectUriError,
  InvalidMaxAgeError,
  InvalidPromptError,
  InvalidRedirectUriError,
  MissingIdpParameterError,
  OidcClientNotFoundError,
  UnsupportedResponseTypeError,
} from './errors.ts';
import type { IdpTokens } from './tokens.ts';
import * as store from './store.ts';

/** An authorization code is redeemed within this long (RFC 6749 §4.1.2 recommends at most 10 minutes). */
export const CODE_TTL_MS = 5 * 60_000;
/** The scopes asked for when the request names none. */
const DEFAULT_SCOPE = 'openid email profile';
/** Spec §4: 'No active session detected. Please log in to continue.' */
const NO_SESSION = 'No active session detected. Please log in to continue.';
/** With prompt=login, a session counts only if its user authenticated this recently (ADR 125). */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60_000;

/** `maxAgeMs`: how recent the user's last authentication must be (prompt=login, max_age), if at all. */
type Prompt = { none: boolean; login: boolean; consent: boolean; maxAgeMs: number | undefined };

/**
 * OpenID Connect Core §3.1.2.1 `prompt`, space-separated (values other than none, login and consent are ignored),
 * and `max_age` in seconds. prompt=login counts as a max_age of five minutes; both given, the stricter wins.
 */
function promptOf(params: { prompt?: string | undefined; max_age?: string | undefined }): Prompt {
  const values = new Set((params.prompt ?? '').split(' ').filter(Boolean));
  if (values.has('none') && values.size > 1) throw new InvalidPromptError();
  let maxAgeMs = values.has('login') ? REAUTHENTICATION_WINDOW_MS : undefined;
  if (params.max_age !== undefined) {
    if (!/^\d{1,9}$/.test(params.max_age)) throw new InvalidMaxAgeError();
    maxAgeMs = Math.min(maxAgeMs ?? Infinity, Number(params.max_age) * 1000);
  }
  return { none: values.has('none'), login: values.has('login'), consent: values.has('consent'), maxAgeMs };
}

export type AuthorizeRequest = {
  client_id?: string | undefined;
  redirect_uri?: string | undefined;
  response_type?: string | undefined;
  scope?: string | undefined;
  scopes?: string[] | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
  state?: string | undefined;
  nonce?: string | undefined;
  prompt?: string | undefined;
  max_age?: string | undefined;
};

export type LogoutRequest = {
  client_id?: string | undefined;
  post_logout_redirect_uri?: string | undefined;
  id_token_hint?: string | undefined;
  state?: string | undefined;
};

function required<K extends string>(params: Partial<Record<K, string | undefined>>, names: K[]): Record<K, string> {
  for (const name of names) if (!params[name]) throw new MissingIdpParameterError(name);
  return params as Record<K, string>;
}

function withQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Spec §7 `/oauth/authorize/start`, `/oauth/authorize` and `/oauth/logout/start`: the widget's side of the IdP. */
export function createIdpAuthorize(ctx: AppContext, deps: { sessions: SessionService; tokens: IdpTokens; issuerOf: (projectId: string) => string }) {
  const { sessions, tokens } = deps;

  /**
   * The signed-in user, and when they last proved who they are (the ID token's `auth_time`). With prompt=login or
   * max_age, a session whose user authenticated longer ago than that counts as none, so the page signs them in
   * again (the widget's IdP mode shows the §4 message for it).
   */
  async function signedIn(tenant: Tenant, sessionToken: string | undefined, prompt: Prompt) {
    if (!sessionToken) throw new MissingSessionTokenError(NO_SESSION);
    const current = await sessions.currentUser(tenant, sessionToken);
    const authTime = current.lastAuthenticatedAt;
    if (prompt.maxAgeMs !== undefined && Date.now() - authTime.getTime() > prompt.maxAgeMs) throw new MissingSessionTokenError(NO_SESSION);
    return { ...current, authTime };
  }

  /** Checks the request against the connected app (no user needed): the app, its exact redirect URI, the scopes. */
  async function checkRequest(tenant: Tenant, params: AuthorizeRequest) {
    const { client_id, redirect_uri, response_type } = required(params, ['client_id', 'redirect_uri', 'response_type']);
    const client = await store.findClient(ctx.db, tenant.projectId, client_id);
    if (!client) throw new OidcClientNotFoundError();
    if (!client.redirectUris.includes(redirect_uri)) throw new InvalidRedirectUriError();
    if (response_type !== 'code') throw new UnsupportedResponseTypeError();
    const asked = params.scopes?.length ? params.scopes : (params.scope || DEFAULT_SCOPE).split(' ');
    const requested = [...new Set(asked.filter(Boolean))];
    const grantable = requested.filter((scope) => client.scopes.includes(scope) && (idpScopes as readonly string[]).includes(scope));
    const ungrantable = requested.filter((scope) => !grantable.includes(scope));
    return { client, redirectUri: redirect_uri, grantable, ungrantable };
  }

  /** The request checked, and whether the user must consent (third-party app, scopes not granted yet, or prompt=consent). */
  async function preflight(tenant: Tenant, userId: string, params: AuthorizeRequest, prompt: Prompt) {
    const checked = await checkRequest(tenant, params);
    const { client, grantable } = checked;
    const granted = client.clientType === 'third_party' ? await store.findGrant(ctx.db, client.id, userId) : undefined;
    const alreadyGranted = granted !== undefined && grantable.every((scope) => granted.includes(scope));
    const consentRequired = client.clientType === 'third_party' && (prompt.consent || !alreadyGranted);
    return { ...checked, consentRequired };
  }

  /** The error redirect of OAuth 2.0 §4.1.2.1, to a redirect URI already checked against the app. */
  function errorRedirect(tenant: Tenant, redirectUri: string, state: string | undefined, error: string, description: string) {
    return { redirect_uri: withQuery(redirectUri, { error, error_description: description, state, iss: deps.issuerOf(tenant.projectId) }) };
  }

  return {
    /** @throws MissingSessionTokenError, SessionNotFoundError, MissingIdpParameterError, OidcClientNotFoundError, InvalidRedirectUriError, UnsupportedResponseTypeError, CodeChallengeRequiredError */
    async start(tenant: Tenant, sessionToken: string | undefined, params: AuthorizeRequest) {
      const prompt = promptOf(params);
      const { user } = await signedIn(tenant, sessionToken, prompt);
      const found = await preflight(tenant, user.id, params, prompt);
      return {
        consent_required: found.consentRequired,
        oidc_client: {
          client_id: found.client.clientId,
          client_name: found.client.clientName,
          client_type: found.client.clientType as 'first_party' | 'third_party',
        },
        redirect_uri: found.redirectUri,
        scopes: found.grantable,
        grantable_scope: found.grantable.join(' '),
        ungrantable_scope: found.ungrantable.join(' '),
      };
    },

    /**
     * The user's answer: the redirect URI with a one-time `code` (and `state`, `iss`), or `error=access_denied` when
     * consent was needed and refused. A first-party app, or one already granted these scopes, needs no consent.
     * With prompt=none nothing may be shown, so instead of asking it answers `error=login_required` (no session)
     * or `error=consent_required` (OpenID Connect Core §3.1.2.6).
     */
    async submit(tenant: Tenant, sessionToken: string | undefined, params: AuthorizeRequest & { consent_granted?: boolean | undefined }) {
      const prompt = promptOf(params);
      const session = await signedIn(tenant, sessionToken, prompt).catch((error: unknown) => {
        if (prompt.none && error instanceof DomainError && (error.kind === 'unauthorized' || error.kind === 'not_found')) return undefined;
        throw error;
      });
      if (!session) {
        const { redirectUri } = await checkRequest(tenant, params);
        return errorRedirect(tenant, redirectUri, params.state, 'login_required', 'The user is not signed in.');
      }
      const { user, sessionId, authTime } = session;
      const found = await preflight(tenant, user.id, params, prompt);
      // PKCE is checked here, not in the preflight: the widget's preflight carries only client, redirect and scopes.
      const method = params.code_challenge_method ?? (params.code_challenge ? 'S256' : undefined);
      if (method !== undefined && method !== 'S256') throw new CodeChallengeRequiredError();
      if (found.client.clientAuth === 'public' && !params.code_challenge) throw new CodeChallengeRequiredError();
      if (found.consentRequired && prompt.none) {
        return errorRedirect(tenant, found.redirectUri, params.state, 'consent_required', 'The user has not consented to these scopes yet.');
      }
      if (found.consentRequired && params.consent_granted !== true) {
        return errorRedirect(tenant, found.redirectUri, params.state, 'access_denied', 'The user denied access to the application.');
      }
      if (found.client.clientType === 'third_party' && params.consent_granted === true) {
        await store.saveGrant(ctx.db, { id: randomUUID(), clientRowId: found.client.id, userId: user.id, scopes: found.grantable });
      }
      const code = randomToken(32);
      await store.insertCode(ctx.db, {
        id: randomUUID(),
        codeHash: sha256Hex(code),
        clientRowId: found.client.id,
        userId: user.id,
        sessionId,
        redirectUri: found.redirectUri,
        scopes: found.grantable,
        codeChallenge: params.code_challenge ?? null,
        nonce: params.nonce ?? null,
        authTime,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      return { redirect_uri: withQuery(found.redirectUri, { code, state: params.state, iss: deps.issuerOf(tenant.projectId) }) };
    },

    /**
     * Spec §4 Logout preflight: where to send the browser after logout, and whether the user must confirm. No
     * confirmation when a valid id_token_hint names the signed-in user (or nobody is signed in).
     * @throws MissingIdpParameterError, OidcClientNotFoundError, InvalidPostLogoutRedirectUriError, InvalidIdTokenHintError
     */
    async logoutStart(tenant: Tenant, sessionToken: string | undefined, params: LogoutRequest) {
      const { client_id, post_logout_redirect_uri } = required(params, ['client_id', 'post_logout_redirect_uri']);
      const client = await store.findClient(ctx.db, tenant.projectId, client_id);
      if (!client) throw new OidcClientNotFoundError();
      const registered = [...client.postLogoutRedirectUris, ...client.redirectUris];
      if (!registered.includes(post_logout_redirect_uri)) throw new InvalidPostLogoutRedirectUriError();
      const hinted = params.id_token_hint ? await tokens.verifyIdTokenHint(tenant.projectId, client.clientId, params.id_token_hint) : undefined;
      const current = sessionToken ? await sessions.currentUser(tenant, sessionToken).catch(() => undefined) : undefined;
      const consentRequired = current !== undefined && hinted !== current.user.id;
      return { consent_required: consentRequired, redirect_uri: withQuery(post_logout_redirect_uri, { state: params.state }) };
    },
  };
}

export type IdpAuthorize = ReturnType<typeof createIdpAuthorize>;
