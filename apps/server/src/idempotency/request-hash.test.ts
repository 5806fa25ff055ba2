import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHashOf } from './request-hash.ts';

describe('request hashes', () => {
  it('do not depend on the order of object keys, and drop undefined values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestHashOf({ a: 1, b: 2 })).toBe(requestHashOf({ b: 2, a: 1 }));
  });

  it('differ for different values, types and array orders', () => {
    const hashes = [{ a: 1 }, { a: '1' }, { a: [1, 2] }, { a: [2, 1] }, { a: null }, {}].map(requestHashOf);
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
