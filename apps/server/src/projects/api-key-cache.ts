/**
 * Verified API keys, briefly (ADR 053): the developer API looks its key up on every request, and a busy key
 * would otherwise cost a query per request. Entries live `ttlMs`; the process that revokes a key drops its
 * entry at once (`forgetKey`), other processes of a multi-process deployment stop accepting it within `ttlMs`,
 * as with the tenant cache (ADR 019). Unknown or revoked keys are never cached: they are looked up each time.
 */
export type CachedApiKey = {
  id: string;
  projectId: string;
  environment: 'staging' | 'production';
  scopes: string[];
  type: 'server' | 'client';
  /** A client-side key's project: the browser origins it works from, and whether it is a test project. */
  origins?: { allowedOrigins: string[]; environment: 'test' | 'live' };
};

export function createApiKeyCache(ttlMs = 5_000, maxEntries = 10_000) {
  const byHash = new Map<string, { key: CachedApiKey; until: number }>();
  return {
    get(secretHash: string): CachedApiKey | undefined {
      const entry = byHash.get(secretHash);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.key;
      byHash.delete(secretHash);
      return undefined;
    },
    set(secretHash: string, key: CachedApiKey): void {
      if (byHash.size >= maxEntries) byHash.clear();
      byHash.set(secretHash, { key, until: Date.now() + ttlMs });
    },
    /** Drops every entry of the key (revoked). */
    forgetKey(keyId: string): void {
      for (const [hash, entry] of byHash) if (entry.key.id === keyId) byHash.delete(hash);
    },
  };
}
