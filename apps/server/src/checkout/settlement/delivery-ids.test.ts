// The mint ids that make delivery exactly once (ADR 105): the same order and line always name the same mints, and
// no two NFTs of any order or line share one.
import { describe, expect, it } from 'vitest';
import { deliveryIds } from './delivery-ids.ts';

const order = '0f8fad5b-d9cb-469f-a165-70867728950e';
const other = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('delivery ids', () => {
  it('names the same mints for the same order and line, however often asked', () => {
    expect(deliveryIds(order, 0, 3)).toEqual(deliveryIds(order, 0, 3));
    expect(deliveryIds(order, 0, 1)).toEqual(deliveryIds(order, 0, 3).slice(0, 1));
  });

  it('gives every NFT of every line and order its own RFC 9562 version 8 UUID', () => {
    const ids = [...deliveryIds(order, 0, 15), ...deliveryIds(order, 1, 15), ...deliveryIds(other, 0, 15)];
    expect(new Set(ids).size).toBe(45);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
