import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { AppContext } from '../../context.ts';
import { JWT_ALG, type SigningKeyring } from '../sessions/signing-keys.ts';
import * as tokenStore from './token-store.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** What an access token (RFC 9068 JWT) says, once its signature, issuer, audience, type and expiry checked out. */
export type AccessTokenClaims = { sub: string; scope: string; client_id: string; grant_id: string; jti: string; exp: number; iat: number };

/** Opaque tokens (codes, refresh tokens) are base64url without dots; a JWT has three dot-separated parts. */
export const looksLikeJwt = (token: string) => token.split('.').length === 3;

/**
 * The identity provider's access tokens (ADR 125): self-contained JWTs that name their token family (`grant_id`),
 * checked against the database on every use, so that a deleted app or user, a revoked family or a revoked token
 * stops working at once rather than at expiry.
 */
export function createAccessTokens(ctx: AppContext, deps: { keyring: SigningKeyring; issuerOf: (projectId: string) => string }) {
  const { keyring, issuerOf } = deps;

  /** Signature, issuer, audience, type and expiry; undefined for anything else (an ID token, another project's). */
  async function verifySignature(projectId: string, token: string): Promise<AccessTokenClaims | undefined> {
    if (!looksLikeJwt(token)) return undefined;
    const keys = createLocalJWKSet(await keyring.jwks(projectId));
    const verified = await jwtVerify(token, keys, {
      algorithms: [JWT_ALG],
      issuer: issuerOf(projectId),
      audience: issuerOf(projectId),
      typ: ACCESS_TOKEN_TYPE,
    }).catch(() => undefined);
    const p = verified?.payload;
    if (!p) return undefined;
    const strings = [p.sub, p['scope'], p['client_id'], p['grant_id'], p.jti];
    if (!strings.every((value) => typeof value === 'string') || typeof p.exp !== 'number' || typeof p.iat !== 'number') return undefined;
    return {
      sub: p.sub!,
      scope: p['scope'] as string,
      client_id: p['client_id'] as string,
      grant_id: p['grant_id'] as string,
      jti: p.jti!,
      exp: p.exp,
      iat: p.iat,
    };
  }

  return {
    async sign(projectId: string, claims: { sub: string; client_id: string; scope: string; grant_id: string }): Promise<string> {
      const key = await keyring.active(projectId);
      const payload: JWTPayload = { ...claims, aud: issuerOf(projectId), jti: randomUUID() };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: JWT_ALG, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
        .setIssuer(issuerOf(projectId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key.privateKey);
    },

    verifySignature,

    /** A valid access token whose family still stands and which was not revoked; undefined otherwise. */
    async verify(projectId: string, token: string): Promise<AccessTokenClaims | undefined> {
      const claims = await verifySignature(projectId, token);
      if (!claims) return undefined;
      return (await tokenStore.accessTokenLive(ctx.db, claims.grant_id, claims.jti)) ? claims : undefined;
    },

    /** RFC 7009 for an access token: refused from now on, until it would have expired anyway. */
    async revoke(claims: AccessTokenClaims): Promise<void> {
      await tokenStore.revokeAccessToken(ctx.db, { jti: claims.jti, familyId: claims.grant_id, expiresAt: new Date(claims.exp * 1000) });
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
