import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline). The PHC string keeps
 * its parameters, so raising them later still verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of nothing anyone knows, verified when there is no real one, so unknown users take as long as known ones. */
let decoy: Promise<string> | undefined;

/** Verifies `password` against `stored`, or burns the same time against a decoy when there is no stored hash. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    decoy ??= hash(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
