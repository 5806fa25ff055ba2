import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hash, randomBytes, randomInt, timingSafeEqual, type KeyObject } from 'node:crypto';

/** URL-safe random token with `bytes` of entropy (default 32 bytes = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric one-time passcode of `length` digits, uniformly drawn. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

/**
 * SHA-256, hex. For high-entropy secrets (session tokens, API keys) that are looked up by hash. The one-shot
 * `crypto.hash` skips the Hash object: this runs twice on every API request (rate limit, then the key lookup).
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/** The key objects of HMAC keys: `createHmac` imports a Buffer key anew each call (~40 µs), a KeyObject not (ADR 122). */
const hmacKeys = new WeakMap<Buffer, KeyObject>();

/** HMAC-SHA-256, hex. For low-entropy secrets (passcodes), so a leaked table cannot be brute-forced offline. */
export function hmacHex(key: Buffer, value: string): string {
  let keyObject = hmacKeys.get(key);
  if (!keyObject) hmacKeys.set(key, (keyObject = createSecretKey(key)));
  return createHmac('sha256', keyObject).update(value, 'utf8').digest('hex');
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

type Sealed = { v: 1; wk: string; wiv: string; wtag: string; iv: string; ct: string; tag: string };

function aesGcmEncrypt(key: Buffer, plaintext: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ct, tag: cipher.getAuthTag() };
}

function aesGcmDecrypt(key: Buffer, iv: Buffer, ct: Buffer, tag: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]);
}

/**
 * Envelope encryption: the plaintext is encrypted with AES-256-GCM under a fresh data key,
 * and the data key is wrapped (AES-256-GCM) by the master key. Returns a JSON string.
 */
export function seal(masterKey: Buffer, plaintext: string): string {
  const dataKey = randomBytes(32);
  const wrapped = aesGcmEncrypt(masterKey, dataKey);
  const body = aesGcmEncrypt(dataKey, Buffer.from(plaintext, 'utf8'));
  const sealed: Sealed = {
    v: 1,
    wk: wrapped.ct.toString('base64'),
    wiv: wrapped.iv.toString('base64'),
    wtag: wrapped.tag.toString('base64'),
    iv: body.iv.toString('base64'),
    ct: body.ct.toString('base64'),
    tag: body.tag.toString('base64'),
  };
  return JSON.stringify(sealed);
}

/** Reverses {@link seal}. Throws if the master key is wrong or the envelope was tampered with. */
export function unseal(masterKey: Buffer, sealedJson: string): string {
  const s = JSON.parse(sealedJson) as Sealed;
  const b = (x: string) => Buffer.from(x, 'base64');
  const dataKey = aesGcmDecrypt(masterKey, b(s.wiv), b(s.wk), b(s.wtag));
  return aesGcmDecrypt(dataKey, b(s.iv), b(s.ct), b(s.tag)).toString('utf8');
}
