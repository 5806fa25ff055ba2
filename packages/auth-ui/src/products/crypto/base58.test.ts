import { describe, expect, it } from 'vitest';
import { base58 } from './base58.ts';

describe('base58', () => {
  it('encodes the Bitcoin-alphabet vectors, leading zero bytes as "1"', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(base58(new Uint8Array())).toBe('');
    expect(base58(bytes('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58(bytes('The quick brown fox jumps over the lazy dog.'))).toBe('USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z');
    expect(base58(Uint8Array.from([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))).toBe('11233QC4');
    expect(base58(Uint8Array.from([0]))).toBe('1');
  });
});
