import { describe, expect, it } from 'vitest';
import { bytes32ToOrderId, orderIdToBytes32 } from './order-id.ts';

describe('order ids on chain', () => {
  it('puts the UUID in the low 16 bytes and reads it back', () => {
    const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const onChain = orderIdToBytes32(id);
    expect(onChain).toBe(`0x${'0'.repeat(32)}0193a1b2c3d47e5f8a9b0c1d2e3f4a5b`);
    expect(bytes32ToOrderId(onChain)).toBe(id);
    expect(bytes32ToOrderId(onChain.toUpperCase().replace('0X', '0x') as `0x${string}`)).toBe(id);
  });

  it('reads nothing from a value no order id makes', () => {
    expect(bytes32ToOrderId(`0x${'1'.repeat(64)}`)).toBeUndefined();
    expect(bytes32ToOrderId('0x1234')).toBeUndefined();
    expect(() => orderIdToBytes32('not-a-uuid')).toThrow(RangeError);
  });
});
