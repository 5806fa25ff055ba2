// An order's id on chain (ADR 106): the payment contract's `bytes32 orderId` is the order's UUID, its 16 bytes
// right-aligned (zero-padded on the left), so that any wallet or script can form it from the id it was given.
import { pad, type Hex } from 'viem';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `bytes32` for an order id (a UUID). */
export function orderIdToBytes32(orderId: string): Hex {
  if (!uuidPattern.test(orderId)) throw new RangeError(`${orderId} is not an order id`);
  return pad(`0x${orderId.replaceAll('-', '').toLowerCase()}`, { size: 32 });
}

/** The order id a `bytes32` names, or undefined when it cannot be one (the upper 16 bytes are not zero). */
export function bytes32ToOrderId(value: Hex): string | undefined {
  const hex = value.toLowerCase().replace(/^0x/, '');
  if (hex.length !== 64 || !/^0{32}[0-9a-f]{32}$/.test(hex)) return undefined;
  const id = hex.slice(32);
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
