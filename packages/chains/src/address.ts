// EIP-55 checksummed addresses, on the hot path of every mint request (a recipient is checksummed as it is
// parsed). viem's getAddress hashes with @noble/hashes' JavaScript keccak, ~19 µs an address on this machine;
// hash-wasm's WebAssembly keccak takes ~1 µs (ADR 070). The checksum rule itself is the standard's.
import { createKeccak } from 'hash-wasm';
import type { Address } from 'viem';

const keccak = await createKeccak(256);
const hexAddress = /^0x[0-9a-fA-F]{40}$/;

/**
 * The EIP-55 form of a 0x-prefixed 40-hex-digit address, whatever its case. The input's shape is checked;
 * whether a mixed-case input carried the right checksum is the caller's question (compare with the result).
 *
 * @example
 * checksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'); // '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
 * @throws TypeError when the text is not 0x and 40 hex digits.
 */
export function checksumAddress(address: string): Address {
  if (!hexAddress.test(address)) throw new TypeError(`${JSON.stringify(address.slice(0, 60))} is not 0x and 40 hex digits`);
  const lower = address.slice(2).toLowerCase();
  keccak.init();
  keccak.update(lower);
  const hash = keccak.digest('binary');
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    // The i-th hex digit of the hash decides the case of the i-th letter: 8 or more means upper case.
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    const char = lower[i]!;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out as Address;
}
