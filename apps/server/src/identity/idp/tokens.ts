import { createHash, randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { idpScopes } from '@keepsake/wire/console/connected-apps';
import type { AppContext } from '../../context.ts';
import { constantTimeEqual, randomToken, sha256Hex } from '../../platform/secrets.ts';
import type { SessionService } from '../sessions/service.ts';
import { JWT_ALG, type SigningKeyring } from '../sessions/signing-keys.ts';
import { ACCESS_TOKEN_TTL_SECONDS, ACCESS_TOKEN_TYPE, type AccessTokens } from './access-tokens.ts';
import { authenticateClient, type ClientCredentials } from './client-auth.ts';
import { IdentityProviderNotConfiguredError, InvalidIdTokenHintError, OauthProtocolError } from './errors.ts';
import { issuerProject } from './issuer-project.ts';
import * as store from './store.ts';
import * as tokenStore from './token-store.ts';

export const ID_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

export type TokenRequest = {
  grant_type?: string | undefined;
  code?: string | undefined;
  redirect_uri?: string | undefined;
  code_verifier?: string | undefined;
  refresh_token?: string | undefined;
  scope?: string | undefined;
};

/** RFC 6749 §5.1, with the OpenID Connect id_token. */
export type TokenResponse = { access_token: string; token_type: 'Bearer'; expires_in: number; scope: string; id_token?: string; refresh_token?: string };

const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The OpenID Connect side of the identity provider (ADR 115): discovery, JWKS, token, userinfo. */
export function createIdpTokens(
  ctx: AppContext,
  deps: { keyring: SigningKeyring; sessions: SessionService; accessTokens: AccessTokens; issuerOf: (projectId: string) => string },
) {
  const { keyring, sessions, accessTokens, issuerOf } = deps;
  const tenantOf = (projectId: string) => issuerProject(ctx, projectId);

  /** OIDC standard claims of the user, by scope (OpenID Connect Core §5.4). */
  async function claimsFor(projectId: string, userId: string, scopes: string[]): Promise<Record<string, unknown>> {
    const user = await sessions.wireUser(await tenantOf(projectId), userId);
    const claims: Record<string, unknown> = { sub: userId };
    if (scopes.includes('email')) {
      const email = user.emails.find((e) => e.verified) ?? user.emails[0];
      if (email) Object.assign(claims, { email: email.email, email_verified: email.verified });
    }
    if (scopes.includes('profile')) {
      const { first_name, middle_name, last_name } = user.name;
      const name = [first_name, middle_name, last_name].filter(Boolean).join(' ');
      if (name) claims['name'] = name;
      if (first_name) claims['given_name'] = first_name;
      if (middle_name) claims['middle_name'] = middle_name;
      if (last_name) claims['family_name'] = last_name;
    }
    if (scopes.includes('phone')) {
      const phone = user.phone_numbers.find((p) => p.verified) ?? user.phone_numbers[0];
      if (phone) Object.assign(claims, { phone_number: phone.phone_number, phone_number_verified: phone.verified });
    }
    return claims;
  }

  async function sign(projectId: string, payload: JWTPayload, typ: string, ttlSeconds: number): Promise<string> {
    const key = await keyring.active(projectId);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: JWT_ALG, kid: key.kid, typ })
      .setIssuer(issuerOf(projectId))
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(key.privateKey);
  }

  /** The tokens of one family: an access token, an ID token (openid) and a refresh token (offline_access). */
  async function issue(
    projectId: string,
    client: store.IdpClientRow,
    grant: { familyId: string; userId: string; scopes: string[]; nonce: string | null; authTime: Date | null },
  ) {
    const { familyId, userId, scopes, nonce } = grant;
    const authTime = grant.authTime ? { auth_time: Math.floor(grant.authTime.getTime() / 1000) } : {};
    const claims = await claimsFor(projectId, userId, scopes);
    const accessToken = await accessTokens.sign(projectId, { sub: userId, client_id: client.clientId, scope: scopes.join(' '), grant_id: familyId });
    const response: TokenResponse = { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: scopes.join(' ') };
    if (scopes.includes('openid')) {
      response.id_token = await sign(projectId, { ...claims, aud: client.clientId, ...authTime, ...(nonce ? { nonce } : {}) }, 'JWT', ID_TOKEN_TTL_SECONDS);
    }
    if (scopes.includes('offline_access')) {
      const refreshToken = randomToken(32);
      await tokenStore.insertRefreshToken(ctx.db, {
        id: randomUUID(),
        tokenHash: sha256Hex(refreshToken),
        clientRowId: client.id,
        familyId,
        userId,
        scopes,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      });
      response.refresh_token = refreshToken;
    }
    return response;
  }

  return {
    /** OpenID Connect Discovery 1.0 for the project's issuer. @throws IdentityProviderNotConfiguredError */
    async discovery(projectId: string) {
      await tenantOf(projectId);
      const authorizationUrl = await store.findAuthorizationUrl(ctx.db, projectId);
      if (!authorizationUrl) throw new IdentityProviderNotConfiguredError();
      const issuer = issuerOf(projectId);
      return {
        issuer,
        authorization_endpoint: authorizationUrl,
        token_endpoint: `${issuer}/oauth2/token`,
        userinfo_endpoint: `${issuer}/oauth2/userinfo`,
        revocation_endpoint: `${issuer}/oauth2/revoke`,
        introspection_endpoint: `${issuer}/oauth2/introspect`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        end_session_endpoint: authorizationUrl,
        scopes_supported: [...idpScopes],
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [JWT_ALG],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        prompt_values_supported: ['none', 'login', 'consent'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: [
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'auth_time',
          'nonce',
          'email',
          'email_verified',
          'name',
          'given_name',
          'middle_name',
          'family_name',
          'phone_number',
          'phone_number_verified',
        ],
        authorization_response_iss_parameter_supported: true,
      };
    },

    /** The public keys that verify the project's ID tokens. @throws IdentityProviderNotConfiguredError */
    async jwks(projectId: string) {
      await tenantOf(projectId);
      return keyring.jwks(projectId);
    },

    /** RFC 6749 §3.2 token endpoint: authorization_code (with PKCE) and refresh_token. @throws OauthProtocolError */
    async token(projectId: string, credentials: ClientCredentials, body: TokenRequest) {
      await tenantOf(projectId);
      const client = await authenticateClient(ctx, projectId, credentials);
      if (body.grant_type === 'authorization_code') {
        if (!body.code) throw new OauthProtocolError('invalid_request', 'code is required.');
        const codeHash = sha256Hex(body.code);
        // Only the authenticated app's own code is spent: another app presenting it (a public app's client_id is no
        // secret) gets invalid_grant and leaves it for its rightful app (issue 22 item 8).
        const code = await store.consumeCode(ctx.db, codeHash, client.id);
        if (!code) {
          // A code its own app presents twice was stolen or replayed: the tokens issued from it are revoked (RFC 6749 §4.1.2).
          await tokenStore.revokeFamilyOfSpentCode(ctx.db, codeHash, client.id);
          throw new OauthProtocolError('invalid_grant', 'The code is unknown, expired, already used or not for this client.');
        }
        if (body.redirect_uri !== code.redirectUri) throw new OauthProtocolError('invalid_grant', 'redirect_uri does not match the authorization request.');
        if (code.codeChallenge !== null && (!body.code_verifier || !constantTimeEqual(s256(body.code_verifier), code.codeChallenge))) {
          throw new OauthProtocolError('invalid_grant', 'code_verifier does not match the code_challenge.');
        }
        await tokenStore.insertFamily(ctx.db, { id: code.id, clientRowId: client.id, userId: code.userId, authTime: code.authTime });
        return issue(projectId, client, { familyId: code.id, userId: code.userId, scopes: code.scopes, nonce: code.nonce, authTime: code.authTime });
      }
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) throw new OauthProtocolError('invalid_request', 'refresh_token is required.');
        const tokenHash = sha256Hex(body.refresh_token);
        const narrows = (granted: string[]) => (body.scope ? body.scope.split(' ').filter(Boolean) : granted).every((scope) => granted.includes(scope));
        // A scope beyond the grant is refused before the token is spent, so the app keeps a working refresh token.
        const found = body.scope ? await tokenStore.findRefreshToken(ctx.db, tokenHash) : undefined;
        if (found?.live && found.token.clientRowId === client.id && !narrows(found.token.scopes)) {
          throw new OauthProtocolError('invalid_scope', 'A refresh may only narrow the granted scopes.');
        }
        const row = await tokenStore.useRefreshToken(ctx.db, tokenHash, client.id);
        if (!row) throw new OauthProtocolError('invalid_grant', 'The refresh token is unknown, expired, already used or not for this client.');
        const asked = body.scope ? body.scope.split(' ').filter(Boolean) : row.scopes;
        if (!narrows(row.scopes)) throw new OauthProtocolError('invalid_scope', 'A refresh may only narrow the granted scopes.');
        return issue(projectId, client, {
          familyId: row.familyId,
          userId: row.userId,
          scopes: asked.includes('offline_access') ? asked : [...asked, 'offline_access'],
          nonce: null,
          authTime: await tokenStore.familyAuthTime(ctx.db, row.familyId),
        });
      }
      throw new OauthProtocolError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    },

    /**
     * OpenID Connect Core §5.3 userinfo for a bearer access token whose family still stands (ADR 125).
     * @throws OauthProtocolError invalid_token
     */
    async userinfo(projectId: string, accessToken: string | undefined) {
      await tenantOf(projectId);
      if (!accessToken) throw new OauthProtocolError('invalid_token', 'Send the access token as Authorization: Bearer <token>.');
      const claims = await accessTokens.verify(projectId, accessToken);
      if (!claims) throw new OauthProtocolError('invalid_token', 'The access token is not valid, has expired or was revoked.');
      return claimsFor(projectId, claims.sub, claims.scope.split(' ')).catch(() => {
        throw new OauthProtocolError('invalid_token', 'The user of this access token no longer exists.');
      });
    },

    /** The user an ID token this project issued to `clientId` names (expired ones too). @throws InvalidIdTokenHintError */
    async verifyIdTokenHint(projectId: string, clientId: string, idToken: string): Promise<string> {
      const keys = createLocalJWKSet(await keyring.jwks(projectId));
      let typ: string | undefined;
      try {
        typ = decodeProtectedHeader(idToken).typ;
      } catch {
        throw new InvalidIdTokenHintError();
      }
      const verified =
        typ === ACCESS_TOKEN_TYPE
          ? undefined
          : await jwtVerify(idToken, keys, { algorithms: [JWT_ALG], issuer: issuerOf(projectId), audience: clientId, currentDate: new Date(0) }).catch(
              () => undefined,
            );
      if (!verified?.payload.sub) throw new InvalidIdTokenHintError();
      return verified.payload.sub;
    },
  };
}

export type IdpTokens = ReturnType<typeof createIdpTokens>;
