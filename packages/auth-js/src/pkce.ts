// Spec §3/§9 PKCE pair: the verifier is 16 random 32-bit values in hex; the challenge is the base64url
// SHA-256 of the verifier (Web Crypto). A pair is kept for the flow in progress (in localStorage, so that the
// emailed link works in any tab of this browser) and cleared after a successful exchange.

/** Spec §3 PKCE pair. */
export type PkcePair = { code_challenge: string; code_verifier: string };

/** The flows that use PKCE: magic links and password resets by email, and OAuth sign-in. */
export type PkceFlow = 'magic_links' | 'passwords' | 'oauth';

/** base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/**
 * A new PKCE pair: 16 random 32-bit values, each as 8 hex digits (128 characters), and its challenge.
 *
 * @example
 * const { code_challenge, code_verifier } = await createPkcePair();
 */
export async function createPkcePair(crypto: Crypto = globalThis.crypto): Promise<PkcePair> {
  const verifier = Array.from(crypto.getRandomValues(new Uint32Array(16)), (n) => n.toString(16).padStart(8, '0')).join('');
  return { code_verifier: verifier, code_challenge: await pkceChallenge(verifier, crypto.subtle) };
}

/** The PKCE pairs of the flows in progress in this browser. */
export type PkceStore = {
  /** The pair of the flow in progress, created (and kept) if there is none: resends reuse the first pair. */
  getOrCreate(flow: PkceFlow): Promise<PkcePair>;
  /** The verifier of the flow in progress, if any. */
  verifier(flow: PkceFlow): string | undefined;
  clear(flow: PkceFlow): void;
};

/** Keeps one pair per flow under `keepsake_auth_pkce:{publicToken}:{flow}`; memory only when storage is unusable. */
export function createPkceStore(publicToken: string, storage: Storage | undefined): PkceStore {
  const memory = new Map<string, string>();
  const key = (flow: PkceFlow) => `keepsake_auth_pkce:${publicToken}:${flow}`;
  const read = (flow: PkceFlow): PkcePair | undefined => {
    let text: string | null | undefined = memory.get(key(flow));
    try {
      text = storage?.getItem(key(flow)) ?? text;
    } catch {
      // storage refused (private mode): memory only
    }
    if (!text) return undefined;
    try {
      const pair = JSON.parse(text) as Partial<PkcePair>;
      return typeof pair.code_verifier === 'string' && typeof pair.code_challenge === 'string' ? (pair as PkcePair) : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    async getOrCreate(flow) {
      const existing = read(flow);
      if (existing) return existing;
      const pair = await createPkcePair();
      const text = JSON.stringify(pair);
      memory.set(key(flow), text);
      try {
        storage?.setItem(key(flow), text);
      } catch {
        // memory only
      }
      return pair;
    },
    verifier: (flow) => read(flow)?.code_verifier,
    clear(flow) {
      memory.delete(key(flow));
      try {
        storage?.removeItem(key(flow));
      } catch {
        // nothing stored
      }
    },
  };
}
