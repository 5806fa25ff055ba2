import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, hmacHex, randomDigits, randomToken, seal, sha256Hex, unseal } from './secrets.ts';

describe('secrets', () => {
  it('draws tokens with at least 128 bits and distinct values', () => {
    const a = randomToken();
    expect(Buffer.from(a, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(randomToken()).not.toBe(a);
  });

  it('draws passcodes of only digits and the requested length', () => {
    for (let i = 0; i < 50; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('hashes deterministically and keys HMACs', () => {
    expect(sha256Hex('x')).toBe(sha256Hex('x'));
    expect(sha256Hex('x')).not.toBe(sha256Hex('y'));
    // FIPS 180-2's "abc" vector, and UTF-8 for text beyond ASCII (stored key hashes must keep matching).
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('é')).toBe(
      createHash('sha256')
        .update(Buffer.from([0xc3, 0xa9]))
        .digest('hex'),
    );
    expect(hmacHex(Buffer.from('k1'), '123456')).not.toBe(hmacHex(Buffer.from('k2'), '123456'));
  });

  it('gives the same HMAC on every call with one key (its key object is kept), and another per key', () => {
    const key = randomBytes(32);
    const reference = (value: string) => createHmac('sha256', key).update(value).digest('hex');
    for (const value of ['a', 'b', 'a']) expect(hmacHex(key, value)).toBe(reference(value));
    expect(hmacHex(randomBytes(32), 'a')).not.toBe(hmacHex(key, 'a'));
  });

  it('compares strings exactly', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });

  it('seals and unseals, and rejects the wrong master key or a tampered envelope', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'private material');
    expect(sealed).not.toContain('private material');
    expect(unseal(key, sealed)).toBe('private material');
    expect(() => unseal(randomBytes(32), sealed)).toThrow();
    const tampered = JSON.parse(sealed) as Record<string, string>;
    tampered.ct = Buffer.from('other').toString('base64');
    expect(() => unseal(key, JSON.stringify(tampered))).toThrow();
  });
});
