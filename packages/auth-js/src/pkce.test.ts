import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64UrlEncode, createPkcePair, createPkceStore, pkceChallenge } from './pkce.ts';

/** A Storage over a Map (what localStorage offers), to see what the store keeps. */
function memoryStorage(): Storage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, value),
  };
}

describe('PKCE pair (spec §9)', () => {
  it('builds the verifier from 16 random 32-bit values in hex', async () => {
    const values = Array.from({ length: 16 }, (_, i) => (i * 0x1111_1111 + 7) >>> 0);
    const fixed = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        (array as unknown as Uint32Array).set(values);
        return array;
      },
      subtle: globalThis.crypto.subtle,
    } as unknown as Crypto;
    const pair = await createPkcePair(fixed);
    expect(pair.code_verifier).toBe(values.map((n) => n.toString(16).padStart(8, '0')).join(''));
    expect(pair.code_verifier).toMatch(/^[0-9a-f]{128}$/);
  });

  it('makes the challenge base64url(SHA-256(verifier)), 43 characters without padding', async () => {
    const pair = await createPkcePair();
    expect(pair.code_challenge).toBe(createHash('sha256').update(pair.code_verifier).digest('base64url'));
    expect(pair.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // RFC 7636 appendix B's example.
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('gives a new verifier every time', async () => {
    const [a, b] = await Promise.all([createPkcePair(), createPkcePair()]);
    expect(a.code_verifier).not.toBe(b.code_verifier);
  });

  it('encodes base64url without + / or =', () => {
    expect(base64UrlEncode(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ');
  });
});

describe('PKCE store', () => {
  it('keeps one pair per flow for resends, and forgets it when cleared', async () => {
    const storage = memoryStorage();
    const store = createPkceStore('public-token-test-1', storage);
    expect(store.verifier('magic_links')).toBeUndefined();
    const first = await store.getOrCreate('magic_links');
    expect(await store.getOrCreate('magic_links')).toEqual(first);
    expect(store.verifier('magic_links')).toBe(first.code_verifier);
    expect(store.verifier('passwords')).toBeUndefined();
    expect(storage.entries.get('keepsake_auth_pkce:public-token-test-1:magic_links')).toBe(JSON.stringify(first));

    // Another client on the page (or a tab opened from the email) sees the same pair.
    expect(createPkceStore('public-token-test-1', storage).verifier('magic_links')).toBe(first.code_verifier);

    store.clear('magic_links');
    expect(store.verifier('magic_links')).toBeUndefined();
    expect(storage.entries.size).toBe(0);
    expect((await store.getOrCreate('magic_links')).code_verifier).not.toBe(first.code_verifier);
  });

  it('works in memory when storage refuses', async () => {
    const refusing = memoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    const store = createPkceStore('public-token-test-1', refusing);
    const pair = await store.getOrCreate('passwords');
    expect(store.verifier('passwords')).toBe(pair.code_verifier);
  });
});
