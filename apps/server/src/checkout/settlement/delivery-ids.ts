// The ids of the mints that deliver an order's line item: derived from the order and the line, so that a retried
// delivery (a restart, a job run twice) names the same mints and the minting pipeline's `on conflict (id) do
// nothing` keeps it to one mint each (ADR 105).
import { createHash } from 'node:crypto';

/** A UUID (version 8, RFC 9562: custom) from SHA-256 of the name. */
function nameUuid(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One id per NFT of the line (an ERC-1155 line mints its quantity under the first). */
export function deliveryIds(orderId: string, lineIndex: number, quantity: number): string[] {
  return Array.from({ length: quantity }, (_, n) => nameUuid(`keepsake-order-delivery:${orderId}:${lineIndex}:${n}`));
}
