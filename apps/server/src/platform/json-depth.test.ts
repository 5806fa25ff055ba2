// issue 22 item 7: the depth of JSON text, counted without parsing it and without recursion.
import { describe, expect, it } from 'vitest';
import { jsonDeeperThan, maxJsonDepth } from './json-depth.ts';

/** The depth of a parsed value, the plain way (tests only: it recurses). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('issue 22 item 7: jsonDeeperThan', () => {
  it('counts objects and arrays within each other, the top level being 1', () => {
    expect(jsonDeeperThan('1', 0)).toBe(false);
    expect(jsonDeeperThan('"text"', 0)).toBe(false);
    expect(jsonDeeperThan('{}', 0)).toBe(true);
    expect(jsonDeeperThan('{}', 1)).toBe(false);
    expect(jsonDeeperThan('{"a":[1,{"b":2}],"c":{}}', 3)).toBe(false);
    expect(jsonDeeperThan('{"a":[1,{"b":2}],"c":{}}', 2)).toBe(true);
    // Siblings do not add up.
    expect(jsonDeeperThan(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ a: 'say "[[[[" and \\', b: ['\\"[[[['] }), 2)).toBe(false);
    // `\\` ends in an escaped backslash, so the quote after it closes the string and the bracket counts.
    expect(jsonDeeperThan('["\\\\",[[1]]]', 2)).toBe(true);
    expect(jsonDeeperThan('["\\\\",[[1]]]', 3)).toBe(false);
    expect(jsonDeeperThan('["\\"",[1]]', 2)).toBe(false);
  });

  it('agrees with the depth of the parsed value', () => {
    const samples = [
      { recipient: 'email:a@example.com:devnet', metadata: { name: 'n', attributes: [{ trait_type: '[', value: { x: ['}'] } }] } },
      [[['"]]]"', { '[': ['{'] }]]],
      { untrusted_metadata: { a: { b: { c: { d: 'e\\' } } } } },
    ];
    for (const sample of samples) {
      const text = JSON.stringify(sample);
      const depth = depthOf(sample);
      expect(jsonDeeperThan(text, depth), text).toBe(false);
      expect(jsonDeeperThan(text, depth - 1), text).toBe(true);
    }
  });

  it('answers a megabyte of `[` at the first level too many, and text that is not JSON without throwing', () => {
    expect(jsonDeeperThan('['.repeat(1_000_000), maxJsonDepth)).toBe(true);
    expect(jsonDeeperThan('{"a":"unterminated', maxJsonDepth)).toBe(false);
    expect(jsonDeeperThan(']]]]{', 0)).toBe(false);
  });
});
