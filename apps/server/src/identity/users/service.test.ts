import { describe, expect, it } from 'vitest';
import { mergeUntrustedMetadata, MetadataTooLargeError, UNTRUSTED_METADATA_MAX_BYTES } from './service.ts';

describe('mergeUntrustedMetadata', () => {
  it('replaces top-level keys whole and removes keys set to null', () => {
    expect(mergeUntrustedMetadata({ a: 1, b: { c: 2 }, d: 'x' }, { b: { e: 3 }, d: null, f: [1] })).toEqual({ a: 1, b: { e: 3 }, f: [1] });
  });

  it('keeps a "__proto__" key as plain data instead of changing the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const merged = mergeUntrustedMetadata({}, patch);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`refuses a result over ${UNTRUSTED_METADATA_MAX_BYTES} bytes, counting the stored keys too`, () => {
    const half = 'x'.repeat(UNTRUSTED_METADATA_MAX_BYTES / 2);
    expect(() => mergeUntrustedMetadata({ a: half }, { b: half })).toThrow(MetadataTooLargeError);
    expect(mergeUntrustedMetadata({ a: half }, { a: null, b: half })).toEqual({ b: half });
  });
});
