import type { AppContext } from '../../context.ts';
import { sha256Hex } from '../../platform/secrets.ts';
import { looksLikeJwt, type AccessTokens } from './access-tokens.ts';
import { authenticateClient, type ClientCredentials } from './client-auth.ts';
import { OauthProtocolError } from './errors.ts';
import { issuerProject } from './issuer-project.ts';
import * as tokenStore from './token-store.ts';

export type TokenQuery = { token?: string | undefined; token_type_hint?: string | undefined };

/** RFC 7662 §2.2: `{active: false}` says no more than that, whatever the reason. */
export type IntrospectionResponse =
  | { active: false }
  | {
      active: true;
      scope: string;
      client_id: string;
      sub: string;
      exp: number;
      iat: number;
      token_type: 'Bearer' | 'refresh_token';
      iss: string;
      aud: string;
      jti?: string;
    };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Token revocation (RFC 7009) and introspection (RFC 7662) at the project's issuer (ADR 125). The hint is only a
 * hint: the token's shape says what it is (access tokens are JWTs, refresh tokens opaque).
 */
export function createTokenLifecycle(ctx: AppContext, deps: { accessTokens: AccessTokens; issuerOf: (projectId: string) => string }) {
  const { accessTokens, issuerOf } = deps;

  function tokenOf(query: TokenQuery): string {
    if (!query.token) throw new OauthProtocolError('invalid_request', 'token is required.');
    return query.token;
  }

  return {
    /**
     * Revokes a token issued to the calling app: a refresh token ends its whole family (every rotation and the access
     * tokens issued with them), an access token only itself. Unknown, expired or another app's tokens change nothing
     * and are answered the same (RFC 7009 §2.2).
     * @throws OauthProtocolError invalid_client, invalid_request
     */
    async revoke(projectId: string, credentials: ClientCredentials, query: TokenQuery): Promise<void> {
      await issuerProject(ctx, projectId);
      const client = await authenticateClient(ctx, projectId, credentials);
      const token = tokenOf(query);
      if (looksLikeJwt(token)) {
        const claims = await accessTokens.verifySignature(projectId, token);
        if (claims && claims.client_id === client.clientId) await accessTokens.revoke(claims);
        return;
      }
      const found = await tokenStore.findRefreshToken(ctx.db, sha256Hex(token));
      if (found && found.token.clientRowId === client.id) await tokenStore.revokeFamily(ctx.db, found.token.familyId);
    },

    /**
     * What a token is worth now, for a confidential app. Access tokens: those issued to the caller, and, for a
     * first-party app (the project's own resource servers), any of the project's. Refresh tokens: the caller's own.
     * @throws OauthProtocolError invalid_client, invalid_request
     */
    async introspect(projectId: string, credentials: ClientCredentials, query: TokenQuery): Promise<IntrospectionResponse> {
      await issuerProject(ctx, projectId);
      const client = await authenticateClient(ctx, projectId, credentials);
      if (client.clientAuth !== 'confidential') {
        throw new OauthProtocolError('invalid_client', 'Token introspection is for confidential connected apps (with a client secret).');
      }
      const token = tokenOf(query);
      const iss = issuerOf(projectId);
      if (looksLikeJwt(token)) {
        const claims = await accessTokens.verify(projectId, token);
        if (!claims || (claims.client_id !== client.clientId && client.clientType !== 'first_party')) return { active: false };
        const { scope, client_id, sub, exp, iat, jti } = claims;
        return { active: true, scope, client_id, sub, exp, iat, token_type: 'Bearer', iss, aud: iss, jti };
      }
      const found = await tokenStore.findRefreshToken(ctx.db, sha256Hex(token));
      if (!found?.live || found.token.clientRowId !== client.id) return { active: false };
      return {
        active: true,
        scope: found.token.scopes.join(' '),
        client_id: found.clientId,
        sub: found.token.userId,
        exp: seconds(found.token.expiresAt),
        iat: seconds(found.token.createdAt),
        token_type: 'refresh_token',
        iss,
        aud: iss,
      };
    },
  };
}

export type TokenLifecycle = ReturnType<typeof createTokenLifecycle>;
