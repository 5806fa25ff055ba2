import { randomUUID } from 'node:crypto';
import type { AuthenticationFactor } from '@keepsake/db/schema';
import { oauthProviders, type OauthProvider } from '@keepsake/wire/sdk/oauth';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../platform/domain-errors.ts';
import { constantTimeEqual, randomToken, seal, sha256Hex, unseal } from '../../platform/secrets.ts';
import { ProjectNotFoundError } from '../errors.ts';
import { assertPkcePresent, PkceMismatchError, pkceChallenge } from '../magic-links/tokens.ts';
import { resolveRedirectUrl, tokenLink } from '../redirect-urls.ts';
import { errorLink, providerErrorCode } from './error-redirect.ts';
import type { SignInCaller, SignInKit } from '../sign-in.ts';
import { findTenantById, findTenantByPublicToken, type Tenant } from '../tenants.ts';
import { createUserDirectory } from '../users/directory.ts';
import {
  OauthCallbackMethodError,
  OauthConfigNotFoundError,
  OauthFlowBrowserMismatchError,
  OauthProviderDeniedError,
  OauthProviderNotSupportedError,
  OauthStateNotFoundError,
  UnableToAuthOauthError,
} from './errors.ts';
import { createProviderRegistry } from './providers/index.ts';
import type { FlowSecrets, OauthProviderAdapter, ProviderClient, ProviderProfile, ProviderTokens } from './providers/types.ts';
import * as store from './store.ts';
import { linkOauthAccount } from './users.ts';

/** A flow must come back from the provider within 10 minutes; the app must redeem its token within 10 more. */
export const FLOW_MINUTES = 10;
const TOKEN_MINUTES = 10;

/**
 * The name of the cookie that ties a flow to the browser that started it (ADR 132): one per flow, so two sign-ins
 * started side by side (two tabs) each keep theirs. Derived from the state, which the callback carries.
 */
export function flowCookieName(state: string): string {
  return `keepsake_oauth_${sha256Hex(`oauth-flow-cookie:${state}`).slice(0, 24)}`;
}

/** What start asks the browser to keep until the callback: a per-flow cookie, whose hash the flow stores. */
export type BrowserBinding = { cookieName: string; value: string; responseMode: 'query' | 'form_post' };

/** Parameters the start may not pass to the provider: ours to set. */
const reserved = new Set(['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method']);

export type OauthStartParams = {
  provider: string;
  publicToken: string;
  codeChallenge: string | undefined;
  customScopes: string | undefined;
  loginRedirectUrl: string | undefined;
  signupRedirectUrl: string | undefined;
  /** Every other query parameter; those named `provider_<name>` go to the provider as `<name>`. */
  extra: Record<string, string>;
};

/** The provider's answer at the callback: the query of a GET, the form of a POST (`response_mode=form_post`). */
export type CallbackParams = { state?: string | undefined; error?: string | undefined; error_description?: string | undefined };

type SealedProviderValues = { access_token: string; refresh_token: string; id_token: string; expires_at: string | null; scopes: string[] };

function providerValues(tokens: ProviderTokens): SealedProviderValues {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    id_token: tokens.idToken,
    expires_at: tokens.expiresAt?.toISOString() ?? null,
    scopes: tokens.scopes,
  };
}

/** The OAuth sign-in method (docs/oauth.md, docs/decisions/098). */
export function createOauthService(ctx: AppContext, deps: { kit: SignInKit }) {
  const registry = createProviderRegistry(ctx.config.oauth.endpoints);
  const directory = createUserDirectory(ctx.db);
  const master = ctx.keys.master;
  /** Read at each use: a server on port 0 learns its public URL only once listening. */
  const callbackUri = () => new URL('/v1/public/oauth/callback', ctx.config.publicUrl).toString();

  /** @throws OauthProviderNotSupportedError for a name outside spec §3 or a provider this server cannot drive. */
  function adapterFor(provider: string): OauthProviderAdapter {
    const adapter = (oauthProviders as readonly string[]).includes(provider) ? registry[provider as OauthProvider] : undefined;
    if (!adapter) throw new OauthProviderNotSupportedError(provider);
    return adapter;
  }

  /** The project's enabled client at the provider. @throws OauthConfigNotFoundError */
  async function clientFor(tenant: Tenant, provider: OauthProvider): Promise<ProviderClient & { customScopes: string[] }> {
    const config = await store.findProviderConfig(ctx.db, tenant.projectId, provider);
    if (!config?.enabled) throw new OauthConfigNotFoundError(provider);
    return {
      clientId: config.clientId,
      clientSecret: unseal(master, config.sealedClientSecret),
      redirectUri: callbackUri(),
      customScopes: config.customScopes,
    };
  }

  /**
   * The end of every OAuth sign-in (redirect callback, One Tap): finds or creates the user, stores the app's
   * single-use token with the provider's tokens sealed, and answers the redirect URL carrying it.
   */
  async function completeSignIn(params: {
    tenant: Tenant;
    provider: OauthProvider;
    profile: ProviderProfile;
    tokens: ProviderTokens;
    codeChallenge: string | null;
    loginUrl: string;
    signupUrl: string;
  }): Promise<string> {
    const { tenant, provider, profile } = params;
    const sealedTokens = seal(master, JSON.stringify(providerValues(params.tokens)));
    const linked = await linkOauthAccount(ctx.db, directory, { projectId: tenant.projectId, provider, profile, sealedTokens });
    const token = randomToken(32);
    await store.insertToken(ctx.db, {
      id: randomUUID(),
      projectId: tenant.projectId,
      userId: linked.user.id,
      registrationId: linked.registration.id,
      tokenHash: sha256Hex(token),
      codeChallenge: params.codeChallenge,
      sealedProviderValues: sealedTokens,
      expiresAt: new Date(Date.now() + TOKEN_MINUTES * 60_000),
    });
    return tokenLink(linked.isNew ? params.signupUrl : params.loginUrl, 'oauth', token);
  }

  return {
    /** The redirect URI to register at every provider: `{PUBLIC_URL}/v1/public/oauth/callback`. */
    callbackUri,

    /**
     * `GET /v1/public/oauth/{provider}/start`: checks the project, its client at the provider, PKCE and the redirect
     * URLs, stores the flow, and answers the provider's authorization URL to redirect to, with the cookie to set in
     * the browser (only its hash is stored; the callback refuses a browser without it).
     * @throws OauthProviderNotSupportedError, ProjectNotFoundError, OauthConfigNotFoundError, PkceMismatchError, InvalidRedirectUrlError
     */
    async start(params: OauthStartParams): Promise<{ url: URL; browserBinding: BrowserBinding }> {
      const adapter = adapterFor(params.provider);
      const tenant = await findTenantByPublicToken(ctx.db, params.publicToken);
      if (!tenant) throw new ProjectNotFoundError('The public token does not match any project.');
      const client = await clientFor(tenant, adapter.type);
      assertPkcePresent(tenant.authConfig.oauth.pkceRequired, params.codeChallenge);
      const loginUrl = resolveRedirectUrl(tenant, 'login', params.loginRedirectUrl);
      const signupUrl =
        params.signupRedirectUrl !== undefined || tenant.authConfig.redirectUrls.signup
          ? resolveRedirectUrl(tenant, 'signup', params.signupRedirectUrl)
          : loginUrl;
      const requested = (params.customScopes ?? '').split(/[\s,]+/).filter(Boolean);
      const scopes = [...new Set([...adapter.defaultScopes, ...client.customScopes, ...requested])];
      const providerParams = Object.fromEntries(
        Object.entries(params.extra)
          .filter(([key]) => key.startsWith('provider_') && !reserved.has(key.slice('provider_'.length)))
          .map(([key, value]) => [key.slice('provider_'.length), value]),
      );
      const flow: FlowSecrets = { state: randomToken(32), codeVerifier: randomToken(32), nonce: randomToken(16) };
      const url = await adapter.authorizationUrl(client, flow, scopes, providerParams);
      const binding = randomToken(32);
      await store.insertState(ctx.db, {
        id: randomUUID(),
        projectId: tenant.projectId,
        stateHash: sha256Hex(flow.state),
        providerType: adapter.type,
        sealedSecrets: seal(master, JSON.stringify({ codeVerifier: flow.codeVerifier, nonce: flow.nonce })),
        codeChallenge: params.codeChallenge ?? null,
        browserBindingHash: sha256Hex(binding),
        loginRedirectUrl: loginUrl,
        signupRedirectUrl: signupUrl,
        expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
      });
      return { url, browserBinding: { cookieName: flowCookieName(flow.state), value: binding, responseMode: adapter.responseMode ?? 'query' } };
    },

    /**
     * The provider's callback (GET; POST form for providers answering with `response_mode=form_post`): uses the
     * flow up, exchanges the code, finds or creates the user and answers the app's login URL (signup URL for a new
     * user) with a single-use token. `browserBinding` is the value of the flow's cookie (`flowCookieName`) in the
     * browser that came back: a flow is finished only in the browser that started it (ADR 132). Once the flow is
     * known, a failure answers its login URL with `error`/`error_description` (docs/decisions/103) rather than throwing.
     * @throws OauthStateNotFoundError when `state` names no flow (no redirect URL is known then)
     */
    async callback(query: CallbackParams, callbackUrl: URL, method: 'GET' | 'POST', browserBinding: string | undefined): Promise<string> {
      const flowRow = query.state ? await store.consumeState(ctx.db, sha256Hex(query.state)) : undefined;
      if (!flowRow || !query.state) throw new OauthStateNotFoundError();
      try {
        if (flowRow.expiresAt.getTime() <= Date.now()) throw new OauthStateNotFoundError();
        // Login CSRF: someone else's callback URL (their state, their code) opened in this browser would sign it in
        // to their account. Refused before the provider's answer is looked at, and the flow stays used up.
        if (browserBinding === undefined || !constantTimeEqual(sha256Hex(browserBinding), flowRow.browserBindingHash)) {
          throw new OauthFlowBrowserMismatchError();
        }
        const adapter = adapterFor(flowRow.providerType);
        if ((method === 'POST') !== (adapter.responseMode === 'form_post')) throw new OauthCallbackMethodError(adapter.type, method);
        if (query.error) throw new OauthProviderDeniedError(adapter.type, providerErrorCode(query.error), undefined);
        const tenant = await findTenantById(ctx.db, flowRow.projectId);
        if (!tenant) throw new OauthStateNotFoundError();
        const client = await clientFor(tenant, adapter.type);
        const secrets = JSON.parse(unseal(master, flowRow.sealedSecrets)) as { codeVerifier: string; nonce: string };
        const { tokens, profile } = await adapter.finish(client, { state: query.state, ...secrets }, callbackUrl);
        return await completeSignIn({
          tenant,
          provider: adapter.type,
          profile,
          tokens,
          codeChallenge: flowRow.codeChallenge,
          loginUrl: flowRow.loginRedirectUrl,
          signupUrl: flowRow.signupRedirectUrl,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return errorLink(flowRow.loginRedirectUrl, error, query.error === undefined ? undefined : providerErrorCode(query.error));
      }
    },

    completeSignIn,

    /**
     * `POST /oauth/authenticate`: redeems the token (and its PKCE verifier) for a session and the provider's tokens.
     * @throws UnableToAuthOauthError, PkceMismatchError, UserLockedError, TooManyRequestsError
     */
    async authenticate(params: SignInCaller & { token: string; codeVerifier: string | undefined; sessionDurationMinutes: number | undefined }) {
      await deps.kit.limitAuth(params.ip);
      const row = await store.findLiveToken(ctx.db, params.tenant.projectId, sha256Hex(params.token));
      const user = row ? await directory.findUser(params.tenant.projectId, row.userId) : undefined;
      const registration = row ? await store.findRegistrationById(ctx.db, row.registrationId) : undefined;
      if (!row || !user || !registration) throw new UnableToAuthOauthError();
      deps.kit.lockout.assertNotLocked(user);
      const matches = row.codeChallenge
        ? params.codeVerifier !== undefined && constantTimeEqual(pkceChallenge(params.codeVerifier), row.codeChallenge)
        : params.codeVerifier === undefined;
      if (!matches) {
        const attempts = await store.countTokenAttempt(ctx.db, row.id);
        if (attempts === undefined) throw new UnableToAuthOauthError();
        if (attempts >= ctx.config.otp.maxAttempts) await store.consumeToken(ctx.db, row.id);
        await deps.kit.lockout.failed(user.id);
        throw new PkceMismatchError('The code_verifier does not match the code_challenge this OAuth sign-in was started with.');
      }
      const values = JSON.parse(unseal(master, row.sealedProviderValues)) as SealedProviderValues;
      if (!(await store.consumeToken(ctx.db, row.id))) throw new UnableToAuthOauthError();
      const emails = await directory.listEmails(user.id);
      const verified = emails.find((e) => e.verified);
      const factor: AuthenticationFactor = {
        type: 'oauth',
        delivery_method: `oauth_${registration.providerType}`,
        last_authenticated_at: new Date().toISOString(),
      };
      factor[`${registration.providerType}_oauth_factor`] = {
        id: registration.id,
        provider_subject: registration.providerSubject,
        email_id: verified?.id ?? '',
      };
      const session = await deps.kit.issueSession(params, user, factor);
      return {
        ...session,
        provider_subject: registration.providerSubject,
        provider_type: registration.providerType,
        provider_values: values,
        oauth_user_registration_id: registration.id,
        reset_sessions: false,
      };
    },
  };
}

export type OauthService = ReturnType<typeof createOauthService>;
