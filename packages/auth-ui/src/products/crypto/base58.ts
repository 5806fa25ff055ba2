// Base58 (the Bitcoin alphabet) for Solana signatures: a Solana wallet's `signMessage` answers bytes, and the
// server takes the signature in base58 (spec §7 "Solana connect and signMessage (signature base58)").
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The base58 text of `bytes`; each leading zero byte is a leading '1'. */
export function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)]! + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}
