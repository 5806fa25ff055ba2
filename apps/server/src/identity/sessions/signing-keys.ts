import { and, desc, eq, isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '@keepsake/db/client';
import { signingKeys } from '@keepsake/db/schema';
import { randomToken, seal, unseal } from '../../platform/secrets.ts';

export const JWT_ALG = 'RS256';

export type ActiveSigningKey = { kid: string; privateKey: CryptoKey };

/**
 * Per-project JWT signing keys: created on first use, the private half sealed with the master key,
 * the public half published at the project's JWKS URL. Imported keys are cached in memory.
 */
export function createSigningKeyring(db: Database, masterKey: Buffer) {
  const cache = new Map<string, Promise<ActiveSigningKey>>();

  async function loadOrCreate(projectId: string): Promise<ActiveSigningKey> {
    const [existing] = await db
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.projectId, projectId), isNull(signingKeys.retiredAt)))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
    if (existing) {
      const jwk = JSON.parse(unseal(masterKey, existing.sealedPrivateJwk)) as JWK;
      return { kid: existing.kid, privateKey: (await importJWK(jwk, JWT_ALG)) as CryptoKey };
    }
    const { publicKey, privateKey } = await generateKeyPair(JWT_ALG, { extractable: true });
    const kid = `jwk-${randomToken(12)}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    await db.insert(signingKeys).values({ kid, projectId, alg: JWT_ALG, publicJwk, sealedPrivateJwk: seal(masterKey, JSON.stringify(privateJwk)) });
    return { kid, privateKey };
  }

  return {
    /** The key new JWTs of this project are signed with. */
    active(projectId: string): Promise<ActiveSigningKey> {
      let entry = cache.get(projectId);
      if (!entry) {
        entry = loadOrCreate(projectId);
        entry.catch(() => cache.delete(projectId));
        cache.set(projectId, entry);
      }
      return entry;
    },
    /** Every unretired public key of the project, as a JWKS. */
    async jwks(projectId: string): Promise<{ keys: Array<Record<string, unknown>> }> {
      const rows = await db
        .select({ publicJwk: signingKeys.publicJwk })
        .from(signingKeys)
        .where(and(eq(signingKeys.projectId, projectId), isNull(signingKeys.retiredAt)));
      return { keys: rows.map((r) => r.publicJwk) };
    },
  };
}

export type SigningKeyring = ReturnType<typeof createSigningKeyring>;
